/// The Touchwonders family (seed 002, `Touchwonders/Transition`), in catalogue order.
enum TouchwondersPresets {
    static let all: [any Preset] = [TouchwondersZoomPop(), TouchwondersShapeDrop()]
}
