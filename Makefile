# benchlab front door. `make run` benchmarks the embedded default; `make test` runs every test.
ENGINE   ?= hsqldb
CLIENTS  ?= 4
DURATION ?= 10s
# Extra lab options, e.g. ARGS="--scale 10 --rate 5000".
ARGS     ?=

GIT_SHA  := $(shell git rev-parse HEAD 2>/dev/null || echo unknown)
MVN      := mvn -B --no-transfer-progress -Dbenchlab.git.sha=$(GIT_SHA)
SOURCES  := $(shell find pom.xml results-schema runner lab -path '*/target' -prune -o -type f \( -name '*.java' -o -name 'pom.xml' -o -name '*.sql' -o -name '*.json' -o -name '*.properties' \) -print 2>/dev/null)
LAB_JAR  := lab/target/lab-0.1.0-SNAPSHOT.jar

.PHONY: build run test bench clean help

help:
	@echo "make run [ENGINE=hsqldb|h2|derby] [CLIENTS=4] [DURATION=10s] [ARGS=...]   run TPC-B"
	@echo "make test                                                             run all tests"
	@echo "make bench                                                            bench/ scripts"
	@echo "make build | clean"

build: $(LAB_JAR)

$(LAB_JAR): $(SOURCES)
	$(MVN) -q install -DskipTests
	@touch $@

run: build
	bin/lab run --engine $(ENGINE) --clients $(CLIENTS) --duration $(DURATION) $(ARGS)

test:
	$(MVN) install
	@touch $(LAB_JAR)

bench: build
	bench/hsqldb-seed

clean:
	mvn -B -q clean
