import Foundation
import SegueAPI
import SegueHTTP
import SegueTestSupport
import Testing

/// `GET /metrics` over a real socket: every series counts exactly the exchanges the
/// test made, computed from the requests and responses themselves.
@Suite struct MetricsEndpointTests {
    /// One sample line of the exposition: name, labels, value.
    struct Sample {
        var name: String
        var labels: [String: String]
        var value: Double
    }

    /// Parses Prometheus text format 0.0.4 sample lines (comments skipped). Label values
    /// here never hold quotes, commas or escapes, so a plain split is exact.
    static func samples(_ text: String) -> [Sample] {
        text.split(separator: "\n").compactMap { line -> Sample? in
            guard !line.hasPrefix("#"), let space = line.lastIndex(of: " ") else { return nil }
            let series = line[..<space]
            guard let value = Double(line[line.index(after: space)...]) else { return nil }
            guard let brace = series.firstIndex(of: "{") else {
                return Sample(name: String(series), labels: [:], value: value)
            }
            var labels: [String: String] = [:]
            for pair in series[series.index(after: brace)..<series.index(before: series.endIndex)].split(separator: ",")
            {
                let parts = pair.split(separator: "=", maxSplits: 1)
                labels[String(parts[0])] = String(parts[1].dropFirst().dropLast())
            }
            return Sample(name: String(series[..<brace]), labels: labels, value: value)
        }
    }

    static func value(_ samples: [Sample], _ name: String, _ labels: [String: String] = [:]) -> Double? {
        samples.first { $0.name == name && $0.labels == labels }?.value
    }

    @Test func countsRequestsBytesLatencyAndFramesExactly() throws {
        let metrics = ServerMetrics()
        let live = try LiveServer(metrics: metrics)
        let connection = try TestHTTPConnection(port: live.port)

        let healthChecks = 3
        for _ in 0..<healthChecks {
            #expect(try connection.exchange("GET", "/healthz").status == 200)
        }
        let example = try #require(Fixtures.exampleRequests().first { $0.name == "instagram.pop.interactive" })
        let simulated = try connection.exchange(
            "POST", "/v1/simulate", headers: [("Content-Type", "application/json")], body: example.body)
        #expect(simulated.status == 200)
        let frames = try #require(
            (try JSONSerialization.jsonObject(with: Data(simulated.body)) as? [String: Any])?["frames"] as? [Any])
        let unknown = try connection.exchange("GET", "/v1/presets/no.such.preset")
        #expect(unknown.status == 404)
        let nowhere = try connection.exchange("GET", "/nowhere")
        #expect(nowhere.status == 404)

        // The completion callback that records an exchange runs after its response is
        // sent; wait until the last one is in before reading.
        var page = ""
        #expect(
            live.eventually {
                page = (try? connection.exchange("GET", "/metrics").text) ?? ""
                return Self.value(
                    Self.samples(page), "segue_http_requests_total",
                    ["route": "unmatched", "method": "GET", "status": "404"]) == 1
            })
        let samples = Self.samples(page)

        #expect(
            Self.value(
                samples, "segue_http_requests_total", ["route": "/healthz", "method": "GET", "status": "200"])
                == Double(healthChecks))
        #expect(
            Self.value(
                samples, "segue_http_requests_total", ["route": "/v1/simulate", "method": "POST", "status": "200"])
                == 1)
        #expect(
            Self.value(
                samples, "segue_http_requests_total",
                ["route": "/v1/presets/{id}", "method": "GET", "status": "404"]) == 1)

        #expect(
            Self.value(samples, "segue_http_request_body_bytes_total", ["route": "/v1/simulate"])
                == Double(example.body.count))
        #expect(
            Self.value(samples, "segue_http_response_body_bytes_total", ["route": "/v1/simulate"])
                == Double(simulated.body.count))
        let healthBytes = Double(healthChecks * #"{"status":"ok"}"#.utf8.count)
        #expect(Self.value(samples, "segue_http_response_body_bytes_total", ["route": "/healthz"]) == healthBytes)

        #expect(
            Self.value(samples, "segue_frames_simulated_total", ["preset": "instagram.pop.interactive"])
                == Double(frames.count))
        #expect(
            Self.value(samples, "segue_problems_total", ["type": "urn:segue:problem:unknown-preset"]) == 1)
        #expect(Self.value(samples, "segue_problems_total", ["type": "about:blank"]) == 1)

        // The histogram: cumulative buckets that end at +Inf with the count.
        let buckets = samples.filter {
            $0.name == "segue_http_request_duration_seconds_bucket" && $0.labels["route"] == "/healthz"
        }
        #expect(buckets.count >= 2)
        #expect(buckets.last?.labels["le"] == "+Inf")
        #expect(buckets.last?.value == Double(healthChecks))
        #expect(zip(buckets, buckets.dropFirst()).allSatisfy { $0.value <= $1.value })
        #expect(
            Self.value(samples, "segue_http_request_duration_seconds_count", ["route": "/healthz"])
                == Double(healthChecks))
        let sum = try #require(Self.value(samples, "segue_http_request_duration_seconds_sum", ["route": "/healthz"]))
        #expect(sum > 0)

        // Read when scraped: the scrape itself is the one request in flight, on the one connection.
        #expect(Self.value(samples, "segue_http_requests_in_flight") == 1)
        #expect(Self.value(samples, "segue_http_open_connections") == 1)
        let resident = try #require(Self.value(samples, "process_resident_memory_bytes"))
        #expect(resident > 1_000_000)
    }

    /// A client may send any method token; the label keeps the nine standard ones and
    /// folds the rest into `other`, so no client can grow the number of series.
    @Test func unknownMethodsAreCountedAsOther() throws {
        let live = try LiveServer(metrics: ServerMetrics())
        let connection = try TestHTTPConnection(port: live.port)
        for token in ["FROB", "XYZZY", "BREW"] {
            #expect(try connection.exchange(token, "/healthz", body: []).status == 405)
        }
        var page = ""
        let other = ["route": "/healthz", "method": "other", "status": "405"]
        #expect(
            live.eventually {
                page = (try? connection.exchange("GET", "/metrics").text) ?? ""
                return Self.value(Self.samples(page), "segue_http_requests_total", other) == 3
            })
        #expect(!page.contains("FROB") && !page.contains("XYZZY") && !page.contains("BREW"))
    }

    @Test func thePageIsPrometheusTextThatEndsInANewline() throws {
        let live = try LiveServer(metrics: ServerMetrics())
        let response = try TestHTTPConnection(port: live.port).exchange("GET", "/metrics")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        #expect(response.text.hasSuffix("\n"))
        #expect(response.text.contains("# TYPE segue_http_requests_in_flight gauge"))
    }

    @Test func withoutMetricsThereIsNoSuchRoute() throws {
        let live = try LiveServer()
        #expect(try TestHTTPConnection(port: live.port).exchange("GET", "/metrics").status == 404)
    }
}

/// The work gate's gauges, read from the gate when the page is built.
@Suite struct WorkGateMetricsTests {
    /// An answer still held (its reservation alive) counts in the reserved bytes; dropped, it
    /// no longer does.
    @Test func theReservedBytesGaugeFollowsTheGate() throws {
        let gate = WorkGate(maxRunning: 1, maxQueued: 0, memoryBudget: 1000)
        let metrics = ServerMetrics()
        metrics.observe(gate)
        func reserved() -> Double? {
            MetricsEndpointTests.value(
                MetricsEndpointTests.samples(String(decoding: metrics.exposition(), as: UTF8.self)),
                "segue_memory_budget_reserved_bytes")
        }
        var answer: WorkGate.Reservation? = try gate.run(cost: 123) { reservation throws(Problem) in reservation }
        #expect(reserved() == 123)
        answer?.resize(to: 45)
        #expect(reserved() == 45)
        answer = nil
        #expect(reserved() == 0)
    }
}
