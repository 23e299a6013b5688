# Haven's habits: `make run` opens Haven on the built-in trackers, `make test`
# passes the tests. Every target first installs the system libraries Haven
# links against, when pkg-config cannot find them.

SWIFT   ?= swift
PREFIX  ?= /usr/local
CONFIG  ?= release
ARGS    ?=
PYTHON  ?= python3

.PHONY: deps build release run test server server-test app bench bench-compare hot-symbols install uninstall format clean

deps:
	@./scripts/ensure-deps.sh

build: deps
	@SWIFT=$(SWIFT) ./scripts/build.sh

# The Swift runtime is linked statically: it halves start-up time (about
# 15 ms to 7 ms here), which every one-shot command pays. Generic types'
# metadata is made by direct calls, not by demangling a name at run time
# (each first demangling scans all 7,685 protocol conformances of the
# binary: 9.3 M instructions of a 28 M `haven log`), and the binary exports
# no symbols of its own (the runtime's start-up `dladdr` walked 17,000). D321.
# Every function is its own section and lld puts the ones the everyday
# commands run side by side (scripts/hot-symbols.txt, `make hot-symbols`):
# a `haven log` faults in 74 pages of code instead of 190. D328. SQLite,
# Lua, libyaml, zlib and libstdc++ are linked from their archives
# (scripts/link-static runs the toolchain's lld): nothing of theirs is bound
# at start-up. D330.
RELEASE_FLAGS = -c release --static-swift-stdlib -Xlinker -no-pie -Xlinker --no-export-dynamic --disable-local-rpath \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=$(CURDIR)/scripts/link-static \
	-Xlinker --symbol-ordering-file=$(CURDIR)/scripts/hot-symbols.txt -Xlinker --no-warn-symbol-ordering
release: deps
	@SWIFT=$(SWIFT) ./scripts/build.sh $(RELEASE_FLAGS) --product haven

# Opens Haven on your home (HAVEN_HOME, --home, or the XDG folders);
# pass arguments with ARGS="trackers --json".
run: release
	@"$$($(SWIFT) build -c release --show-bin-path)/haven" $(ARGS)

# Builds, then runs XCTest in parallel (test homes on /dev/shm), the shared
# conformance cases and the server's tests, printing each phase's time.
test:
	@./scripts/ensure-deps.sh --test
	@SWIFT=$(SWIFT) ./scripts/test.sh

# The server's tests alone (a PostgreSQL of the checkout's own is started and stopped).
server-test: build
	@SWIFT=$(SWIFT) ./scripts/server-test.sh "$$($(SWIFT) build --show-bin-path)/haven"

# haven-server on http://127.0.0.1:8787 over a PostgreSQL in .build-pg/ on
# port 54329 (Debian's postgresql is installed when missing); Ctrl-C stops both.
# The debug build make test made; `make server RELEASE=1` for an optimised one.
SERVER_PORT ?= 8787
PG_PORT     ?= 54329
server:
	@SWIFT=$(SWIFT) ./scripts/server.sh $(SERVER_PORT) $(PG_PORT)

# Builds the phone's web app (Server/App) into haven-server: its files go
# into Server/Sources/HavenServer/AppFiles.swift; the server's tests fail
# while that file is out of date.
app:
	@$(PYTHON) scripts/embed-app.py

bench: release
	@SWIFT=$(SWIFT) ./scripts/build.sh $(RELEASE_FLAGS) --product haven-bench
	@cd Server && $(SWIFT) build -c release --product haven-server 2>&1 | cat && $(SWIFT) build -c release --product haven-load 2>&1 | cat
	@./scripts/bench.sh "$$($(SWIFT) build -c release --show-bin-path)" "$$(cd Server && $(SWIFT) build -c release --show-bin-path)"

# The hot paths of `make bench`, this checkout's release binary against
# OLD (another release build of haven), in turns: make bench-compare OLD=path
bench-compare: release
	@test -n "$(OLD)" || { echo "make bench-compare: give OLD=path/to/an/older/haven"; exit 64; }
	@$(PYTHON) scripts/bench_compare.py "$(OLD)" "$$($(SWIFT) build -c release --show-bin-path)/haven"

# Rewrites the release link order from what the everyday commands run
# (valgrind); `make release` links with it. Worth redoing after large changes.
hot-symbols: release
	@command -v valgrind >/dev/null || (apt-get update -qq && apt-get install -y -qq valgrind)
	@$(PYTHON) scripts/hot_symbols.py "$$($(SWIFT) build -c release --show-bin-path)/haven" scripts/hot-symbols.txt

install: release
	@./scripts/install.sh "$$($(SWIFT) build -c release --show-bin-path)/haven" "$(PREFIX)"

uninstall:
	rm -rf "$(PREFIX)/bin/haven" "$(PREFIX)/share/haven" "$(PREFIX)/share/man/man1/haven.1" \
		"$(PREFIX)/share/bash-completion/completions/haven" "$(PREFIX)/share/zsh/site-functions/_haven" \
		"$(PREFIX)/share/fish/vendor_completions.d/haven.fish"

format:
	@command -v swift-format >/dev/null && swift-format format -i -r Sources Tests \
		|| $(SWIFT) format -i -r Sources Tests

clean:
	rm -rf .build
