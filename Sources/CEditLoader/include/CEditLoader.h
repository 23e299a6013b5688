#ifndef HAVEN_CEDIT_LOADER_H
#define HAVEN_CEDIT_LOADER_H

/// libedit's readline-compatible API, loaded when the REPL starts rather
/// than when Haven does: linked, it and the three libraries it needs were
/// mapped into every one-shot command.

/// 0 once libedit is loaded (or was already); -1 when it cannot be, with
/// the reason in `haven_edit_error`.
int haven_edit_load(void);
const char *haven_edit_error(void);

typedef char **haven_completion_function(const char *text, int start, int end);
typedef char *haven_completion_entry(const char *text, int state);

/// Names the program, starts a history of at most `limit` lines and sets
/// the completion callback.
void haven_edit_setup(const char *name, int limit, haven_completion_function *completion);
int haven_edit_read_history(const char *path);
int haven_edit_write_history(const char *path);
int haven_edit_add_history(const char *line);
char *haven_edit_readline(const char *prompt);

/// Inside the completion callback: the whole line typed so far, and that
/// only the callback's candidates count (no file names).
const char *haven_edit_line_buffer(void);
void haven_edit_completion_over(void);
char **haven_edit_completion_matches(const char *text, haven_completion_entry *entry);

#endif
