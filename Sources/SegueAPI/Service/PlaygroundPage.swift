/// The playground served at `GET /`: one HTML page with its CSS and JavaScript inline,
/// compiled into the binary so that it needs no file, no CDN and no build step. It calls
/// only this server's API (`/v1/presets`, `/v1/presets/{id}`, `/v1/simulate`) and imports the
/// browser SDK it serves (`BrowserSDK`) to record the finger and draw frames.
public enum PlaygroundPage {
    public static var bytes: [UInt8] { PackageResources.playground_html }
}
