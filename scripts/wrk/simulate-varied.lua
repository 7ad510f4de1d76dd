-- POSTs 64 different interactive-pop gestures to /v1/simulate in turn, so that no cache of
-- answers could help: each a 14-sample drag at 60 Hz from (60, 500), moving dx = 3.00, 3.25,
-- ... 18.75 points and dy = 0 ... 3.5 points per sample, the last one ended (some finish, some
-- cancel). Arguments after `--`: "compact" asks for "encoding": "compact"; "gzip" sends
-- Accept-Encoding: gzip. Reports like report.lua (run from the repository root).
dofile("scripts/wrk/report.lua")

local bodies = {}
local next_body = 1

function init(args)
  local encoding = ""
  for _, argument in ipairs(args) do
    if argument == "compact" then encoding = ',"encoding":"compact"' end
    if argument == "gzip" then wrk.headers["Accept-Encoding"] = "gzip" end
  end
  for variant = 0, 63 do
    local dx = 3 + variant * 0.25
    local dy = (variant % 8) * 0.5
    local samples = {}
    for k = 0, 13 do
      local phase = (k == 0 and "began") or (k == 13 and "ended") or "changed"
      samples[#samples + 1] = string.format('{"t":%.6f,"x":%.6f,"y":%.6f,"phase":"%s"}',
        k / 60, 60 + k * dx, 500 + k * dy, phase)
    end
    bodies[#bodies + 1] = '{"preset":"instagram.pop.interactive"' .. encoding
      .. ',"gesture":{"samples":[' .. table.concat(samples, ",") .. ']}}'
  end
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
end

function request()
  local body = bodies[next_body]
  next_body = next_body % #bodies + 1
  return wrk.format(nil, nil, nil, body)
end
