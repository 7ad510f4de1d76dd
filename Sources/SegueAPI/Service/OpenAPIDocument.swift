/// openapi.yaml, the service's contract, compiled into the binary so that
/// `GET /openapi.yaml` needs no file at run time.
public enum OpenAPIDocument {
    public static var bytes: [UInt8] { PackageResources.openapi_yaml }
}
