extension Double {
    /// As people write it: `3`, not `3.0`; `2.5` stays as it is.
    public var plainText: String {
        isFinite && self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : String(self)
    }
}
