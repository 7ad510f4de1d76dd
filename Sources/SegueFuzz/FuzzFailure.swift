/// How a broken property ends the run: a message on standard error and a trap,
/// which libFuzzer reports as a crash and saves the input for.
enum FuzzFailure {
    static func report(_ message: String) -> Never {
        fatalError("segue-fuzz: \(message)")
    }
}
