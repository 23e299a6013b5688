import Foundation
import Lua
import XCTest

/// The hook limits are CPU time (#31 item 3): with two CPU hogs on the
/// same core as the hooks, this thread gets about a third of it, and the
/// command's hooks may still spend their whole total; a hook in an endless
/// loop is still stopped at its per-call limit of CPU time.
final class BusyMachineTests: XCTestCase {
    private var hogs: [pid_t] = []

    /// Two busy loops and this process, all on core 0 (`taskset`, from
    /// util-linux; XCTest runs one test of a process at a time).
    override func setUp() {
        for _ in 0..<2 {
            hogs.append(BusyMachineTests.spawn(["/usr/bin/taskset", "-c", "0", "/bin/sh", "-c", "while :; do :; done"]))
        }
        XCTAssertEqual(BusyMachineTests.wait(BusyMachineTests.spawn(["/usr/bin/taskset", "-a", "-p", "-c", "0",
                                                                      String(getpid())])), 0)
    }

    override func tearDown() {
        for pid in hogs {
            kill(pid, SIGKILL)
            _ = BusyMachineTests.wait(pid)
        }
        let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        _ = BusyMachineTests.wait(BusyMachineTests.spawn(["/usr/bin/taskset", "-a", "-p", "-c", "0-\(cores - 1)",
                                                           String(getpid())]))
    }

    private static func spawn(_ arguments: [String]) -> pid_t {
        var pid: pid_t = 0
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        defer { posix_spawn_file_actions_destroy(&actions) }
        precondition(posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0)
        return pid
    }

    private static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return status
    }

    /// CPU nanoseconds this thread has used.
    private static func cpu() -> Int64 {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_nsec)
    }

    private static func wall() -> Int64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_nsec)
    }

    func testABusyMachineCannotSpendTheCommandsTotal() throws {
        let budget = LuaTimeBudget(milliseconds: 400)
        let lua = try LuaState(limits: LuaLimits(instructions: 100_000_000, callMilliseconds: 100, totalMilliseconds: 400),
                               budget: budget)
        // About a millisecond of work a call, as a day_outcome over a long history adds up.
        let chunk = try lua.load("function day() local n = 0 for i = 1, 20000 do n = n + i end return n end",
                                 name: "hook.lua")
        let (cpu, wall) = (BusyMachineTests.cpu(), BusyMachineTests.wall())
        // Calls until this thread has spent half the total on them and around them; the clock is read
        // between batches, so that the hogs take the core while hooks run, as they would in a command.
        while BusyMachineTests.cpu() - cpu < 200_000_000 {
            for _ in 0..<50 { XCTAssertEqual(try lua.call("day", of: chunk, []), .integer(200_010_000)) }
        }
        let waited = BusyMachineTests.wall() - wall
        XCTAssertGreaterThan(waited, 400_000_000, "the hogs took most of the core: more wall time than the total passed")
        // The rest of the total is still there, and then it is spent.
        var failure: LuaError?
        while failure == nil {
            do {
                _ = try lua.call("day", of: chunk, [])
            } catch {
                failure = error
            }
        }
        XCTAssertEqual(failure?.message, "hook.lua:1: the hooks of this command ran for more than 400 ms in all; make "
            + "them do less per call (or set a later since:)")
        XCTAssertGreaterThan(BusyMachineTests.cpu() - cpu, 300_000_000, "stopped near the total of CPU time, not early")
    }

    func testAnEndlessLoopIsStillStoppedAtItsLimit() throws {
        let lua = try LuaState(limits: LuaLimits(instructions: Int(Int32.max), callMilliseconds: 100,
                                                 totalMilliseconds: 2000))
        let chunk = try lua.load("function spin() while true do end end", name: "hook.lua")
        let (cpu, wall) = (BusyMachineTests.cpu(), BusyMachineTests.wall())
        XCTAssertThrowsError(try lua.call("spin", of: chunk, [])) { error in
            XCTAssertEqual((error as? LuaError)?.message,
                           "hook.lua:1: ran for more than 100 ms (an endless loop, or too much work for one call?)")
        }
        let (spent, waited) = (BusyMachineTests.cpu() - cpu, BusyMachineTests.wall() - wall)
        XCTAssertGreaterThan(spent, 50_000_000, "it ran for most of its limit of CPU time")
        XCTAssertLessThan(waited, 1_000_000_000, "within ten times its limit of wall time, however busy the core")
    }
}
