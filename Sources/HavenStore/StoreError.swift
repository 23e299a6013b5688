import HavenCore

/// Why the store could not answer (see `DatabaseProblem`).
public typealias StoreError = DatabaseProblem
