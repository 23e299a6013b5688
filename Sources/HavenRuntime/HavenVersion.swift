/// The version of this Haven, checked against packs' `haven:` ranges.
public enum HavenVersion {
    public static let current = "0.1.0"
}
