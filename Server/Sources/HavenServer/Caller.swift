/// Who is calling: the account and device a token was given to.
struct Caller: Sendable {
    let account: Int64
    let device: String
}
