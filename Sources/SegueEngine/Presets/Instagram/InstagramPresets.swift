enum InstagramPresets { static let all: [any Preset] = [] }
