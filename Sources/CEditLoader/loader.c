#include "CEditLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

static struct {
    const char **readline_name;
    haven_completion_function **attempted_completion_function;
    int *attempted_completion_over;
    char **line_buffer;
    void (*using_history)(void);
    void (*stifle_history)(int);
    int (*read_history)(const char *);
    int (*write_history)(const char *);
    int (*add_history)(const char *);
    char *(*readline)(const char *);
    char **(*completion_matches)(const char *, haven_completion_entry *);
} edit;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;
static const char *problem = "libedit was not loaded";

static void load(void) {
    void *library = dlopen("libedit.so.2", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        problem = dlerror();
        return;
    }
#define FIND(field, name)                                  \
    *(void **)(&edit.field) = dlsym(library, name);        \
    if (edit.field == NULL) {                              \
        problem = "libedit lacks " name;                   \
        return;                                            \
    }
    FIND(readline_name, "rl_readline_name")
    FIND(attempted_completion_function, "rl_attempted_completion_function")
    FIND(attempted_completion_over, "rl_attempted_completion_over")
    FIND(line_buffer, "rl_line_buffer")
    FIND(using_history, "using_history")
    FIND(stifle_history, "stifle_history")
    FIND(read_history, "read_history")
    FIND(write_history, "write_history")
    FIND(add_history, "add_history")
    FIND(readline, "readline")
    FIND(completion_matches, "rl_completion_matches")
#undef FIND
    loaded = 0;
}

int haven_edit_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *haven_edit_error(void) { return problem; }

void haven_edit_setup(const char *name, int limit, haven_completion_function *completion) {
    *edit.readline_name = name;
    edit.using_history();
    edit.stifle_history(limit);
    *edit.attempted_completion_function = completion;
}

int haven_edit_read_history(const char *path) { return edit.read_history(path); }
int haven_edit_write_history(const char *path) { return edit.write_history(path); }
int haven_edit_add_history(const char *line) { return edit.add_history(line); }
char *haven_edit_readline(const char *prompt) { return edit.readline(prompt); }
const char *haven_edit_line_buffer(void) { return *edit.line_buffer; }
void haven_edit_completion_over(void) { *edit.attempted_completion_over = 1; }
char **haven_edit_completion_matches(const char *text, haven_completion_entry *entry) {
    return edit.completion_matches(text, entry);
}
