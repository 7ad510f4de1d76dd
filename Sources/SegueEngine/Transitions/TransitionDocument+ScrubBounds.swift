extension TransitionDocument {
    /// A scrub whose `minimum` lies above its `maximum` holds nothing between them.
    func boundProblems(_ scrub: Scrub) -> [DocumentProblem] {
        guard let low = scrub.minimum, let high = scrub.maximum, low > high else { return [] }
        return [
            DocumentProblem(
                "/interaction/scrub/maximum",
                "maximum (\(Format.amount(high))) is below minimum (\(Format.amount(low))); give minimum ≤ maximum.")
        ]
    }
}
