-- POSTs many different simulate requests to /v1/simulate, in turn: one JSON body per line of
-- the file given after `--` (scripts/cluster writes 96 generated gestures), each wrk thread
-- from its own place in the list. Reports like report.lua (run from the repository root).
--   wrk -t2 -c64 -d10s -s scripts/wrk/simulate-bodies.lua http://HOST:PORT/v1/simulate -- BODIES
dofile("scripts/wrk/report.lua")

local threads = 0
function setup(thread)
  thread:set("offset", threads)
  threads = threads + 1
end

local bodies = {}
local next_body = 1
function init(args)
  local path = assert(args[1], "give the bodies file after --")
  local file = assert(io.open(path, "r"))
  for line in file:lines() do
    if #line > 0 then bodies[#bodies + 1] = line end
  end
  file:close()
  assert(#bodies > 0, "no bodies in " .. path)
  next_body = (offset or 0) * 7 % #bodies + 1
end

local headers = { ["Content-Type"] = "application/json" }
function request()
  local body = bodies[next_body]
  next_body = next_body % #bodies + 1
  return wrk.format("POST", nil, headers, body)
end
