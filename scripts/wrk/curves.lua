-- POSTs the 60-sample spring request to /v1/curves (UIKit spring, 1 s, ζ 0.8, 59 Hz).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"curve":{"type":"spring","duration":1,"dampingRatio":0.8},"frameRate":59,"to":390}'
-- Prints one machine-readable line after a wrk run, for scripts/bench:
-- requests/s, p50/p99 latency in microseconds, non-2xx responses and socket errors.
function done(summary, latency, requests)
  local seconds = summary.duration / 1e6
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format("RESULT rps=%.0f p50_us=%d p99_us=%d non2xx=%d socket_errors=%d\n",
    summary.requests / seconds, latency:percentile(50), latency:percentile(99),
    summary.errors.status, errors))
end
