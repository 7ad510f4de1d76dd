-- POSTs the 60-sample spring request to /v1/curves (UIKit spring, 1 s, ζ 0.8, 59 Hz),
-- and reports like report.lua (run from the repository root, as scripts/bench does).
dofile("scripts/wrk/report.lua")
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"curve":{"type":"spring","duration":1,"dampingRatio":0.8},"frameRate":59,"to":390}'
