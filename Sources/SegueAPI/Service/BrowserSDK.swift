/// The browser SDK: an ES module with no dependencies and no build step (`GET /sdk/segue.js`) and
/// its TypeScript declarations (`GET /sdk/segue.d.ts`), compiled into the binary as the
/// playground is. It calls only this server's API; docs/sdk.md says how to use it, and
/// Tests/sdk checks it.
public enum BrowserSDK {
    /// Where the module is served.
    public static let scriptPath = "/sdk/segue.js"
    /// Where its declarations are served.
    public static let typesPath = "/sdk/segue.d.ts"

    /// Sources/SegueAPI/Resources/sdk/segue.js, UTF-8.
    public static var script: [UInt8] { PackageResources.segue_js }
    /// Sources/SegueAPI/Resources/sdk/segue.d.ts, UTF-8.
    public static var types: [UInt8] { PackageResources.segue_d_ts }
}
