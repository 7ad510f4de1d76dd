extension SimulationError {
    /// A number as the engine writes it in messages (to at most three decimals), for the API's
    /// sentences about engine errors, so that both read alike.
    public static func amount(_ value: Double) -> String {
        Format.amount(value)
    }
}
