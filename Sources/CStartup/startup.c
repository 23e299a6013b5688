// The Swift runtime's own way of finding argv on Linux (CommandLine.cpp, a
// static initializer in libswiftCore) reads and sscanf's /proc/self/maps to
// find the stack: 240 k instructions and the kernel's formatting of the map,
// 3 % of a one-shot `haven log` (D332). glibc hands every initializer of the
// executable argc, argv and envp, so the two functions that file defines
// are defined here from them; the linker then never pulls that file from
// the static runtime, and a dynamically linked build uses these alike.
#include <stddef.h>

static char **given_argv;
static int given_argc;
static char **override_argv;
static int override_argc;

static void haven_take_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    given_argc = argc;
    given_argv = argv;
}

__attribute__((section(".init_array"), used))
static void (*const haven_take_arguments_entry)(int, char **, char **) = haven_take_arguments;

char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    static char *empty[] = { NULL };
    if (override_argv) {
        *outArgLen = override_argc;
        return override_argv;
    }
    if (given_argv) {
        *outArgLen = given_argc;
        return given_argv;
    }
    *outArgLen = 0;
    return empty;
}

void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
    override_argv = argv;
    override_argc = argc;
}
