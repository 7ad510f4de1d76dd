-- POSTs the interactive-pop example (scripts/examples/instagram.pop.interactive.json)
-- to /v1/simulate, and reports like report.lua (run from the repository root).
dofile("scripts/wrk/report.lua")
local file = assert(io.open("scripts/examples/instagram.pop.interactive.json", "r"))
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = file:read("*a")
file:close()
