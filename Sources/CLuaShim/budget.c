#include "state.h"
#include <stdio.h>
#include <string.h>
#include <time.h>

static int64_t read_clock(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

int64_t haven_lua_clock(void) { return read_clock(CLOCK_MONOTONIC_COARSE); }

/* ---- CPU time ---------------------------------------------------------------
 * The limits are CPU time: a busy machine must not stop a hook that did
 * little work. The thread's CPU clock is a system call (half a microsecond
 * here), too dear for every call, so calls are timed on the coarse clock
 * (nanoseconds) and the CPU clock is read once a clock tick, to learn the
 * share of the CPU this thread has had lately: wall time times that share
 * is CPU time. */

/* Takes a sample when the coarse clock has moved on since the last one. */
static void sample(haven_lua_budget *b, int64_t now) {
    if (now == b->tick) return;
    b->tick = now;
    int64_t cpu = read_clock(CLOCK_THREAD_CPUTIME_ID), wall = read_clock(CLOCK_MONOTONIC);
    if (b->wall) {
        b->share_cpu += cpu - b->cpu;
        b->share_wall += wall - b->wall;
        /* What the last half second or so says, not the whole command. */
        if (b->share_wall > 500000000) {
            b->share_cpu /= 2;
            b->share_wall /= 2;
        }
    }
    b->cpu = cpu;
    b->wall = wall;
}

/* The share of the CPU the thread has had lately, from 1/20 to 1; 1 until
 * there are 20 ms of samples. */
static double share(const haven_lua_budget *b) {
    if (b->share_wall < 20000000) return 1;
    double s = (double)b->share_cpu / (double)b->share_wall;
    return s < 0.05 ? 0.05 : s > 1 ? 1 : s;
}

/* Copies "file:line: " of the innermost Lua function into `out` ("" when
 * there is none). */
void haven_where_text(lua_State *L, char *out, size_t size) {
    lua_Debug ar;
    out[0] = 0;
    for (int level = 0; lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "Sl", &ar);
        if (ar.currentline > 0) {
            snprintf(out, size, "%s:%d: ", ar.short_src, ar.currentline);
            return;
        }
    }
}

/* ---- The budget -------------------------------------------------------------
 * Each call has an instruction budget, a deadline and a share of the
 * command's total time. The count hook spends instructions and looks at the
 * clock; library functions that take a size or a count are charged what they
 * will do before they run. Once a call is stopped, every further instruction
 * raises the same error, so neither pcall nor xpcall's handler can go on. */

static void arm(lua_State *L, haven_state_t *s) {
    s->armed = s->remaining < STEP ? (int)(s->remaining > 1 ? s->remaining : 1) : STEP;
    lua_sethook(L, haven_count_hook, LUA_MASKCOUNT, s->armed);
}

/* Raises the error of `reason`, and makes every later instruction raise it. */
int haven_stop(lua_State *L, int reason) {
    haven_state_t *s = state_of(L);
    if (s->stop_where[0] == 0) haven_where_text(L, s->stop_where, sizeof s->stop_where);
    s->spent = reason;
    lua_sethook(L, haven_count_hook, LUA_MASKCOUNT, 1);
    lua_pushstring(L, s->stop_where);
    switch (reason) {
    case SPENT_BUDGET:
        lua_pushfstring(L, "used up its budget of %I instructions (an endless loop?)",
                        (lua_Integer)s->limits.instructions);
        break;
    case SPENT_DEADLINE:
        lua_pushfstring(L, "ran for more than %d ms (an endless loop, or too much work for one call?)",
                        (int)s->limits.call_ms);
        break;
    case SPENT_MEMORY:
        lua_pushfstring(L, "not enough memory (a hooks file may hold at most %d MiB)",
                        (int)(s->limits.memory >> 20));
        break;
    default:
        lua_pushfstring(L, "the hooks of this command ran for more than %d ms in all; make them do less "
                           "per call (or set a later since:)", (int)s->limits.total_ms);
        break;
    }
    lua_concat(L, 2);
    return lua_error(L);
}

/* Sets the next look at the time: when, at the present share, the call's
 * or the command's CPU time runs out, whichever comes first; or stops the
 * call when one has. A call may not run more than ten times its limit of
 * wall time, nor a command's calls ten times theirs, however busy the
 * machine (a hook that blocks). */
static void plan_deadline(lua_State *L, haven_state_t *s, int64_t now) {
    haven_lua_budget *b = s->budget;
    int64_t call = (int64_t)s->limits.call_ms * 1000000, total = (int64_t)s->limits.total_ms * 1000000;
    int64_t ran = now - s->started, all = b->used + ran;
    double rate = share(b);
    int64_t call_left = call - (int64_t)(ran * rate), total_left = total - (int64_t)(all * rate);
    if (total_left <= 0 || all >= 10 * total) haven_stop(L, SPENT_TOTAL);
    if (call_left <= 0 || ran >= 10 * call) haven_stop(L, SPENT_DEADLINE);
    s->deadline_is_total = total_left < call_left;
    int64_t wait = (int64_t)((s->deadline_is_total ? total_left : call_left) / rate);
    /* Never past a wall ceiling: the next look stops the call there. */
    if (wait > 10 * call - ran) wait = 10 * call - ran;
    if (wait > 10 * total - all) wait = 10 * total - all;
    s->deadline = now + (wait > 0 ? wait : 1);
}

void haven_check_clock(lua_State *L, haven_state_t *s) {
    int64_t now = haven_lua_clock();
    sample(s->budget, now);
    if (now > s->deadline) plan_deadline(L, s, now);
}

void haven_count_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    haven_state_t *s = state_of(L);
    if (s->spent != SPENT_NONE) haven_stop(L, s->spent);
    if (s->over_memory) {
        /* Past the cap: what is still reachable after a full collection
         * counts, not garbage the collector has not reached yet; but at
         * most one collection for every quarter of the cap allocated, so
         * that a hook holding nearly the cap is not collected again and
         * again (it fails as before). */
        if (s->used > s->limits.memory && s->used - s->collected_at > s->limits.memory / 4) {
            lua_gc(L, LUA_GCCOLLECT);
            s->collected_at = s->used;
        }
        if (s->used > s->limits.memory) haven_stop(L, SPENT_MEMORY);
        s->over_memory = 0;
    }
    s->remaining -= s->armed;
    if (s->remaining <= 0) haven_stop(L, SPENT_BUDGET);
    haven_check_clock(L, s);
    arm(L, s);
}

/* Charges `cost` instructions' worth of work that `what` is about to do in
 * one C call, where the count hook cannot see it. Work larger than a whole
 * call's budget is refused before it starts; work that only overdraws what
 * is left stops the call like any other spent budget. */
void haven_charge(lua_State *L, double cost, const char *what) {
    haven_state_t *s = state_of(L);
    if (s->spent != SPENT_NONE) haven_stop(L, s->spent);
    if (!(cost <= (double)s->limits.instructions)) {
        char text[512];
        haven_where_text(L, text, sizeof text);
        size_t n = strlen(text);
        snprintf(text + n, sizeof text - n,
                 "%s: this call would do about %.0f steps of work, more than a hook call's budget of %lld "
                 "instructions; work on less data at a time",
                 what, cost, (long long)s->limits.instructions);
        lua_pushstring(L, text);
        lua_error(L);
    }
    s->remaining -= (long long)cost;
    if (s->remaining <= 0) haven_stop(L, SPENT_BUDGET);
    if (cost >= 64) haven_check_clock(L, s);
}

void haven_start_budget(lua_State *L, int64_t now, haven_lua_budget *budget) {
    haven_state_t *s = state_of(L);
    int64_t total = (int64_t)s->limits.total_ms * 1000000;
    s->remaining = s->limits.instructions;
    s->budget = budget;
    s->started = now;
    sample(budget, now);
    double rate = share(budget);
    int64_t total_left = total - (int64_t)(budget->used * rate);
    s->spent = total_left > 0 && budget->used < 10 * total ? SPENT_NONE : SPENT_TOTAL;
    s->stop_where[0] = 0;
    /* The first look at the time: no later than either limit at this share. */
    int64_t call = (int64_t)s->limits.call_ms * 1000000;
    s->deadline_is_total = total_left < call;
    int64_t wait = (int64_t)((s->deadline_is_total ? total_left : call) / rate);
    if (wait > 10 * call) wait = 10 * call;
    if (wait > 10 * total - budget->used) wait = 10 * total - budget->used;
    s->deadline = now + (wait > 0 ? wait : 1);
    s->traceback[0] = 0;
    s->over_memory = 0;
    if (s->used > s->limits.memory) lua_gc(L, LUA_GCCOLLECT); /* what an earlier call left */
    if (s->spent != SPENT_NONE) {
        lua_sethook(L, haven_count_hook, LUA_MASKCOUNT, 1); /* the command's time is up: not one instruction */
    } else {
        arm(L, s);
    }
}

void haven_stop_budget(lua_State *L) { lua_sethook(L, NULL, 0, 0); }
