extension TransitionDocument {
    /// A scrub whose `progressMin` lies above its `progressMax` holds no progress at all.
    func boundProblems(_ scrub: Scrub) -> [DocumentProblem] {
        guard let low = scrub.progressMin, let high = scrub.progressMax, low > high else { return [] }
        return [
            DocumentProblem(
                "/interaction/scrub/progressMax",
                "progressMax (\(Format.amount(high))) is below progressMin (\(Format.amount(low))); give "
                    + "progressMin ≤ progressMax.")
        ]
    }
}
