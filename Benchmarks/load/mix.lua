-- wrk: 1,000 different list requests, so that a cache of pages cannot answer them all: every
-- limit from 1 to 100 on the whole list and on nine searches. Each thread walks them in turn,
-- starting at its own place, and never asks for the same request twice in a row.
local searches = { "", "a", "t", "s", "m", "k", "o", "l", "h", "yuki%20t" }
local paths = {}
for limit = 1, 100 do
    for _, search in ipairs(searches) do
        local path = "/friends?limit=" .. limit
        if search ~= "" then path = path .. "&q=" .. search end
        paths[#paths + 1] = path
    end
end

local threads = 0
function setup(thread)
    thread:set("start", threads * 499)
    threads = threads + 1
end

function init(args)
    counter = start or 0
end

function request()
    counter = (counter + 1) % #paths
    return wrk.format(nil, paths[counter + 1])
end
