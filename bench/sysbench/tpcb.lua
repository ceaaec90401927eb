-- benchlab's TPC-B transaction for sysbench 1.0, on benchlab's tables (bin/runner init).
--
-- The same as the runner's TpcbTransaction with its defaults (--distribution tpcb, prepared
-- statements, explicit transactions, the server's default isolation):
--   UPDATE accounts; SELECT abalance; UPDATE tellers; UPDATE branches; INSERT INTO history; COMMIT
-- with the same choices (Distribution.TPCB): a teller uniform among all, the branch the teller's,
-- the account in that branch 85% of the time and else in one of the other branches, the delta
-- uniform in [-999999, 999999]. Like Connector/J with autocommit off, the session runs with
-- autocommit=0 and sends only COMMIT between transactions, no BEGIN.
--
-- A deadlock or lock wait timeout (1213, 1205: the errors benchlab retries; give them as
-- --mysql-ignore-errors) rolls back and runs the same transaction again at once, up to
-- --max-tries tries in all, as benchlab's clients do; then it is counted failed and the next one
-- starts. sysbench counts each such error as an "ignored error". At its end each thread prints
--   tpcb thread <n> committed <c> retried <r> failed <f>
-- over its whole run (warm-up included), for the check against the history rows added.
--
--   sysbench tpcb.lua --scale=10 --max-tries=10 --mysql-ignore-errors=1213,1205 [...] run

sysbench.cmdline.options = {
   scale = {"TPC-B scale of the loaded tables (branches)", 1},
   max_tries = {"tries per transaction on a deadlock or lock wait timeout", 10},
}

local TELLERS_PER_BRANCH = 10
local ACCOUNTS_PER_BRANCH = 100000
local HOME_BRANCH_PERCENT = 85
local DELTA = 999999

local STATEMENTS = {
   {"update_account", "UPDATE accounts SET abalance = abalance + ? WHERE aid = ?", "delta", "aid"},
   {"select_account", "SELECT abalance FROM accounts WHERE aid = ?", "aid"},
   {"update_teller", "UPDATE tellers SET tbalance = tbalance + ? WHERE tid = ?", "delta", "tid"},
   {"update_branch", "UPDATE branches SET bbalance = bbalance + ? WHERE bid = ?", "delta", "bid"},
   {"insert_history", "INSERT INTO history (tid, bid, aid, delta, mtime) VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP)",
    "tid", "bid", "aid", "delta"},
}

local con, stmts, commit
local input = {}
local committed, retried, failed = 0, 0, 0

function thread_init()
   con = sysbench.sql.driver():connect()
   con:query("SET autocommit = 0")
   stmts = {}
   for _, def in ipairs(STATEMENTS) do
      local s = {stmt = con:prepare(def[2]), params = {}}
      local binds = {}
      for i = 3, #def do
         local b = s.stmt:bind_create(sysbench.sql.type.INT)
         s.params[#s.params + 1] = {b, def[i]}
         binds[#binds + 1] = b
      end
      s.stmt:bind_param(unpack(binds))
      s.select = def[1] == "select_account"
      stmts[#stmts + 1] = s
   end
   commit = con:prepare("COMMIT")
end

-- Distribution.TPCB's choice of rows and delta.
local function choose()
   local scale = sysbench.opt.scale
   input.tid = sysbench.rand.uniform(1, scale * TELLERS_PER_BRANCH)
   input.bid = math.floor((input.tid - 1) / TELLERS_PER_BRANCH) + 1
   local branch = input.bid
   if scale > 1 and sysbench.rand.uniform(0, 99) >= HOME_BRANCH_PERCENT then
      branch = sysbench.rand.uniform(1, scale - 1)
      if branch >= input.bid then
         branch = branch + 1
      end
   end
   input.aid = (branch - 1) * ACCOUNTS_PER_BRANCH + sysbench.rand.uniform(1, ACCOUNTS_PER_BRANCH)
   -- sysbench.rand.uniform takes and gives unsigned 32-bit numbers: shifted into [0, 2 * DELTA].
   input.delta = sysbench.rand.uniform(0, 2 * DELTA) - DELTA
end

local function transaction()
   for _, s in ipairs(stmts) do
      for _, p in ipairs(s.params) do
         p[1]:set(input[p[2]])
      end
      local rs = s.stmt:execute()
      if s.select then
         -- The balance is read, as benchlab's client reads it.
         if rs == nil or rs.nrows ~= 1 then
            error("account row not found: aid " .. input.aid)
         end
         rs:free()
      end
   end
   commit:execute()
end

function event()
   choose()
   for try = 1, sysbench.opt.max_tries do
      local ok, err = pcall(transaction)
      if ok then
         committed = committed + 1
         return
      end
      if type(err) ~= "table" or err.errcode ~= sysbench.error.RESTART_EVENT then
         error(err, 0)
      end
      con:query("ROLLBACK")
      if try < sysbench.opt.max_tries then
         retried = retried + 1
      end
   end
   failed = failed + 1
end

function thread_done(thread_id)
   -- One write: print() writes the text and its newline apart, and the threads' lines would interleave.
   io.stdout:write(string.format("tpcb thread %d committed %d retried %d failed %d\n",
                                 thread_id, committed, retried, failed))
   for _, s in ipairs(stmts) do
      s.stmt:close()
   end
   commit:close()
   con:disconnect()
end
