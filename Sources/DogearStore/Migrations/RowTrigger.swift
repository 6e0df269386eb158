/// A row trigger written once for both databases: SQLite takes the statements as the trigger's
/// body, PostgreSQL as the body of a PL/pgSQL function of the same name that the trigger runs.
/// Bodies are text of constants (`NEW.` and `OLD.` columns, no parameters).
package struct RowTrigger {
    package var name: String
    /// "AFTER INSERT", "AFTER UPDATE OF a, b", "BEFORE DELETE", …
    package var when: String
    package var table: String
    package var body: [String]
    /// When set, the body runs only for rows where this holds (SQLite's `WHEN`; PostgreSQL's
    /// trigger `WHEN` takes no subqueries, so there it is an `IF` around the body).
    package var condition: String? = nil

    /// The DDL, in order.
    package static func create(_ triggers: [RowTrigger], postgres: Bool) -> [String] {
        triggers.flatMap { trigger -> [String] in
            var body = trigger.body.map { $0 + ";" }.joined(separator: "\n")
            guard postgres else {
                let when = trigger.condition.map { " WHEN \($0)" } ?? ""
                return [
                    "CREATE TRIGGER \(trigger.name) \(trigger.when) ON \(trigger.table) FOR EACH ROW\(when) BEGIN\n\(body)\nEND"
                ]
            }
            if let condition = trigger.condition { body = "IF \(condition) THEN\n\(body)\nEND IF;" }
            // A BEFORE row trigger that returns NULL would cancel the row's own change.
            let result = trigger.when.hasPrefix("BEFORE") ? "OLD" : "NULL"
            return [
                """
                CREATE FUNCTION \(trigger.name)() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                \(body)
                RETURN \(result);
                END $$
                """,
                "CREATE TRIGGER \(trigger.name) \(trigger.when) ON \(trigger.table) FOR EACH ROW EXECUTE FUNCTION \(trigger.name)()",
            ]
        }
    }

    package static func drop(_ triggers: [RowTrigger], postgres: Bool) -> [String] {
        triggers.flatMap { trigger -> [String] in
            postgres
                ? ["DROP TRIGGER IF EXISTS \(trigger.name) ON \(trigger.table)", "DROP FUNCTION IF EXISTS \(trigger.name)()"]
                : ["DROP TRIGGER IF EXISTS \(trigger.name)"]
        }
    }
}
