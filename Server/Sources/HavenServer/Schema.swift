import Logging
import PostgresNIO

/// The server's tables, as named SQL migrations applied in order, each once,
/// each in its own transaction, under an advisory lock so that two servers
/// starting together do not race. A migration is never edited once shipped:
/// a change is a new one.
enum Schema {
    struct Migration {
        let name: String
        let statements: [String]
    }

    static let migrations: [Migration] = [
        Migration(name: "001-accounts-tokens-streams-records", statements: [
            """
            CREATE TABLE account (
                id BIGSERIAL PRIMARY KEY,
                name TEXT NOT NULL UNIQUE,
                password TEXT NOT NULL,
                created_at TIMESTAMPTZ NOT NULL DEFAULT now()
            )
            """,
            // One token per device of an account; only its SHA-256 is kept.
            """
            CREATE TABLE token (
                hash BYTEA PRIMARY KEY,
                account_id BIGINT NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                device UUID NOT NULL,
                created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
                UNIQUE (account_id, device)
            )
            """,
            // Each device's append-only stream and the last idx held.
            """
            CREATE TABLE stream (
                account_id BIGINT NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                device UUID NOT NULL,
                last_idx BIGINT NOT NULL DEFAULT 0,
                PRIMARY KEY (account_id, device)
            )
            """,
            // The sealed records, never opened, merged or rewritten here.
            """
            CREATE TABLE record (
                account_id BIGINT NOT NULL,
                device UUID NOT NULL,
                idx BIGINT NOT NULL,
                id UUID NOT NULL,
                version INTEGER NOT NULL,
                sealed BYTEA NOT NULL,
                received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
                PRIMARY KEY (account_id, device, idx),
                UNIQUE (account_id, id),
                FOREIGN KEY (account_id, device) REFERENCES stream (account_id, device) ON DELETE CASCADE
            )
            """,
        ]),
        // Tokens end: one unused for 180 days stops working (#28).
        Migration(name: "002-token-last-used", statements: [
            "ALTER TABLE token ADD COLUMN last_used_at TIMESTAMPTZ NOT NULL DEFAULT now()",
        ]),
        // A device's push of its own stream that goes on where the stream
        // ends, in one statement and one round trip (#31 item 6). Anything
        // else (a replay, a gap, another device's stream) raises HV001, and
        // the server takes the checked path, in a transaction of its own.
        Migration(name: "003-push-function", statements: [
            """
            CREATE FUNCTION haven_push(p_account BIGINT, p_device UUID, p_idx BIGINT[], p_id TEXT[],
                                       p_version INTEGER[], p_sealed BYTEA[]) RETURNS BIGINT
            LANGUAGE plpgsql AS $$
            DECLARE
                v_last BIGINT;
                v_new BIGINT := p_idx[cardinality(p_idx)];
            BEGIN
                INSERT INTO stream (account_id, device) VALUES (p_account, p_device)
                ON CONFLICT (account_id, device) DO UPDATE SET last_idx = stream.last_idx
                RETURNING last_idx INTO v_last;
                IF p_idx[1] <> v_last + 1 THEN
                    RAISE EXCEPTION 'not a continuation' USING ERRCODE = 'HV001';
                END IF;
                INSERT INTO record (account_id, device, idx, id, version, sealed)
                SELECT p_account, p_device, r.idx, r.id::uuid, r.version, r.sealed
                FROM unnest(p_idx, p_id, p_version, p_sealed) AS r (idx, id, version, sealed);
                UPDATE stream SET last_idx = v_new WHERE account_id = p_account AND device = p_device;
                RETURN v_new;
            END
            $$
            """,
        ]),
        // The account's key check (#35): an HMAC of a fixed text under the
        // account's key, set by the first device that offers one; a device
        // with another key is refused before it writes. Never the key.
        Migration(name: "004-account-key-check", statements: [
            "ALTER TABLE account ADD COLUMN key_check TEXT",
        ]),
        // One-time pairing codes (#35): only their SHA-256 is kept, each
        // works once and for 10 minutes.
        Migration(name: "005-pairing", statements: [
            """
            CREATE TABLE pairing (
                hash BYTEA PRIMARY KEY,
                account_id BIGINT NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                expires_at TIMESTAMPTZ NOT NULL
            )
            """,
        ]),
        // A token redeemed from a pairing code belongs to the web app (#35):
        // while an account holds one, its desktops publish a board.
        Migration(name: "006-token-paired", statements: [
            "ALTER TABLE token ADD COLUMN paired BOOLEAN NOT NULL DEFAULT false",
        ]),
    ]

    /// Applies the migrations not yet applied; returns the last one's name.
    @discardableResult
    static func migrate(_ client: PostgresClient, logger: Logger) async throws -> String {
        try await client.query("""
            CREATE TABLE IF NOT EXISTS schema_migration (
                name TEXT PRIMARY KEY,
                applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
            )
            """, logger: logger)
        for migration in migrations {
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(7716)", logger: logger)
                let done = try await connection.query(
                    "SELECT 1 FROM schema_migration WHERE name = \(migration.name)", logger: logger)
                for try await _ in done { return }
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query("INSERT INTO schema_migration (name) VALUES (\(migration.name))", logger: logger)
                logger.info("migration applied", metadata: ["migration": "\(migration.name)"])
            }
        }
        return migrations[migrations.count - 1].name
    }

    /// The last migration applied, which also proves the database answers.
    static func current(_ client: PostgresClient, logger: Logger) async throws -> String? {
        let rows = try await client.query(
            "SELECT name FROM schema_migration ORDER BY name DESC LIMIT 1", logger: logger)
        for try await name in rows.decode(String.self) { return name }
        return nil
    }
}
