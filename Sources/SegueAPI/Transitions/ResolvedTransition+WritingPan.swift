import SegueEngine

extension ResolvedTransition {
    /// A pan with its defaults: direction, overshoot, sign, follow axes, rates, the settle's
    /// hand-off, the velocity estimator and touch resampling, and `interruptible`.
    func write(_ pan: PanInteraction, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("type", "pan")
        switch pan.startsIn {
        case .layer(let id): writer.member("startsIn", id)
        case .edge(let edge, let width):
            writer.key("startsIn")
            writer.beginObject()
            writer.member("edge", edge.rawValue)
            writer.member("width", width)
            writer.endObject()
        case .rect(let rect):
            writer.key("startsIn")
            writer.beginObject()
            writer.key("rect")
            writer.rect(rect)
            writer.endObject()
        case nil: break  // anywhere: no value says so
        }
        writer.member("direction", pan.direction.rawValue)
        switch pan.tracking {
        case .scrub(let scrub):
            writer.key("scrub")
            writer.beginObject()
            writer.member("from", scrub.from)
            writer.member("to", scrub.to)
            writer.member("axis", scrub.axis.rawValue)
            writer.member("distance", scrub.distance)
            Self.write(scrub.overshoot, into: &writer)
            writer.member("sign", scrub.sign)
            if let percentDriven = scrub.percentDriven {
                writer.key("percentDriven")
                writer.beginObject()
                writer.key("curve")
                write(percentDriven.curve, into: &writer)
                writer.member("completionSpeed", percentDriven.completionSpeed)
                if let reported = percentDriven.reportedDuration { writer.member("reportedDuration", reported) }
                writer.member("updatesOnRelease", percentDriven.updatesOnRelease)
                writer.member("cancelsAtProgressSpeed", percentDriven.cancelsAtProgressSpeed)
                writer.endObject()
            }
            writer.member("absolute", scrub.absolute)
            if let minimum = scrub.minimum { writer.member("minimum", minimum) }
            if let maximum = scrub.maximum { writer.member("maximum", maximum) }
            if scrub.minimum != nil || scrub.maximum != nil { writer.member("holds", scrub.holds.rawValue) }
            writer.endObject()
        case .detents(let detents):
            writer.key("detents")
            writer.beginObject()
            writer.member("layer", detents.layer)
            writer.member("axis", detents.axis.rawValue)
            writer.key("poses")
            writer.beginArray()
            for pose in detents.poses { writer.string(pose) }
            writer.endArray()
            writer.member("from", detents.from)
            Self.write(detents.overshoot, into: &writer)
            writer.endObject()
        }
        writer.key("follow")
        writer.beginArray()
        for follow in pan.follow {
            writer.beginObject()
            writer.member("layer", follow.layer)
            writer.member("scaled", follow.scaled)
            writer.member("axes", follow.axes?.rawValue ?? "both")
            if follow.relative { writer.member("relative", true) }
            writer.endObject()
        }
        writer.endArray()
        writer.key("release")
        writer.beginArray()
        for rule in pan.release {
            writer.beginObject()
            if let id = rule.id { writer.member("id", id) }
            if let when = rule.when {
                writer.key("when")
                Self.write(when, into: &writer)
            }
            writer.member("to", rule.to)
            writer.member("outcome", rule.outcome.rawValue)
            writer.endObject()
        }
        writer.endArray()
        writer.member("idle", pan.idlePose)
        writer.key("settled")
        writer.beginObject()
        for (target, shown) in pan.settled.sorted(by: { $0.key < $1.key }) {
            writer.key(string: target)
            writer.string(shown)
        }
        writer.endObject()
        writer.member("directionTest", pan.directionTest.rawValue)
        if pan.directionRatio != 1 { writer.member("directionRatio", pan.directionRatio) }
        if let condition = pan.alsoStartsWhen {
            writer.key("alsoStartsWhen")
            Self.write(condition, into: &writer)
        }
        defer {
            writer.member("velocityEstimator", pan.velocityEstimator.rawValue)
            writer.member("touchResampling", pan.touchResampling.rawValue)
            writer.member("interruptible", pan.interruptible)
            writer.endObject()
        }
        // A percent-driven scrub plays the rest of its own animation: it has no settle.
        if pan.scrub?.percentDriven != nil { return }
        writer.key("settle")
        writer.beginObject()
        writer.key("curve")
        if let curve = pan.settle.curve {
            write(curve, into: &writer)
        } else {
            writer.beginObject()
            for (target, curve) in pan.settle.perTarget.sorted(by: { $0.key < $1.key }) {
                writer.key(string: target)
                write(curve, into: &writer)
            }
            writer.endObject()
        }
        writer.member("velocityHandoff", pan.settle.velocityHandoff)
        if pan.settle.alongScrub { writer.member("alongScrub", true) }
        if let along = pan.settle.along { writer.member("along", along) }
        writer.endObject()
    }

    /// `{"progress": {"gt": n}, …, "rate", "all", "any"}`.
    static func write(_ condition: ReleaseCondition, into writer: inout JSONWriter) {
        writer.beginObject()
        for quantity in ReleaseTest.Quantity.allCases {
            let tests = condition.tests.filter { $0.quantity == quantity }
            guard !tests.isEmpty else { continue }
            writer.key(string: quantity.rawValue)
            writer.beginObject()
            for test in tests {
                writer.key(string: test.comparison.rawValue)
                writer.number(test.value)
            }
            writer.endObject()
        }
        writer.member("rate", condition.rate)
        if let lookahead = condition.lookahead { writer.member("lookahead", lookahead) }
        if !condition.all.isEmpty {
            writer.key("all")
            writer.beginArray()
            for inner in condition.all { write(inner, into: &writer) }
            writer.endArray()
        }
        // The wire has one `any` list per condition; the reader makes at most one.
        if let any = condition.any.first {
            writer.key("any")
            writer.beginArray()
            for inner in any { write(inner, into: &writer) }
            writer.endArray()
        }
        writer.endObject()
    }

    /// `"overshoot"`: `"clamp"`, `"extend"` or `{"rubberBand": c}`.
    static func write(_ overshoot: Overshoot, into writer: inout JSONWriter) {
        switch overshoot {
        case .clamp: writer.member("overshoot", "clamp")
        case .extend: writer.member("overshoot", "extend")
        case .rubberBand(let c):
            writer.key("overshoot")
            writer.beginObject()
            writer.member("rubberBand", c)
            writer.endObject()
        }
    }
}
