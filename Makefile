# benchlab front door. `make run` benchmarks the embedded default; `make test` runs every test.
ENGINE   ?= hsqldb
CLIENTS  ?= 4
DURATION ?= 10s
# Where the engine runs: empty picks it (in-process engines embedded, servers in containers, or
# external when JDBC_URL is given); BACKEND=external JDBC_URL=... uses a server you run.
BACKEND  ?=
JDBC_URL ?=
# Extra lab options, e.g. ARGS="--scale 10 --rate 5000".
ARGS     ?=

GIT_SHA  := $(shell git rev-parse HEAD 2>/dev/null || echo unknown)
MVN      := mvn -B --no-transfer-progress -Dbenchlab.git.sha=$(GIT_SHA)
SOURCES  := $(shell find pom.xml results-schema runner lab -path '*/target' -prune -o -type f \( -name '*.java' -o -name 'pom.xml' -o -name '*.sql' -o -name '*.json' -o -name '*.properties' \) -print 2>/dev/null)
LAB_JAR  := lab/target/lab-0.1.0-SNAPSHOT.jar

# Images (images/build): which to build, and with what (empty: docker if a daemon answers, else podman).
IMAGES        ?= postgres mysql mariadb hsqldb-server runner
CONTAINER_CLI ?=
export CONTAINER_CLI

.PHONY: build run test faults bench clean help images

help:
	@echo "make run [ENGINE=hsqldb|h2|derby] [CLIENTS=4] [DURATION=10s] [ARGS=...]   run TPC-B in-process"
	@echo "make run ENGINE=postgres|mariadb|mysql|hsqldb-server [CLIENTS=32]     ... in containers (Docker or podman)"
	@echo "make run ENGINE=postgres BACKEND=external JDBC_URL=jdbc:postgresql://...  ... on your own server"
	@echo "make test                                                             run all tests"
	@echo "make faults                                                           the fault suite (after .ci/services start)"
	@echo "make bench                                                            bench/ scripts"
	@echo "make images [IMAGES=\"postgres mysql mariadb hsqldb-server runner\"] [CONTAINER_CLI=docker|podman]"
	@echo "                                                                     build the images"
	@echo "make build | clean"

build: $(LAB_JAR)

$(LAB_JAR): $(SOURCES)
	$(MVN) -q install -DskipTests
	@touch $@

# A server engine on the docker backend needs its image and the runner's, built (or checked,
# which takes a moment) first, but only where a Docker API answers: elsewhere the lab says in one
# line that there is no Docker and what to run instead.
SERVER_ENGINES := postgres mysql mariadb hsqldb-server
DOCKER_RUN     := $(and $(filter $(ENGINE),$(SERVER_ENGINES)),$(if $(JDBC_URL),,yes),$(filter docker,$(or $(BACKEND),docker)))

run: build
ifneq ($(DOCKER_RUN),)
	@if command -v docker >/dev/null && docker version >/dev/null 2>&1 || [ -n "$$DOCKER_HOST" ] && command -v podman >/dev/null; then \
	  $(MAKE) --no-print-directory images IMAGES="$(ENGINE) runner"; fi
endif
	bin/lab run --engine $(ENGINE) --clients $(CLIENTS) --duration $(DURATION) $(if $(BACKEND),--backend $(BACKEND)) $(if $(JDBC_URL),--jdbc-url $(JDBC_URL)) $(ARGS)

test:
	$(MVN) install
	@touch $(LAB_JAR)

# The fault suite alone, against the servers of .ci/services (source its env file first).
faults: build
	$(MVN) verify -pl runner -Dtest=NoSuchTest -Dsurefire.failIfNoSpecifiedTests=false -Dit.test='*FaultsIT'

bench: build
	bench/hsqldb-seed

clean:
	mvn -B -q clean

# ---------------------------------------------------------------------------------- images
# One stamp per image (and profile) under target/images/<pinned|standin>/: an image whose
# inputs did not change is not looked at again (images/build also skips a build whose inputs
# match the existing image's label). BENCHLAB_STANDIN_BASES=1 (.ci/containers) builds FROM the
# CI stand-ins; the two kinds keep apart stamps.
IMAGE_STAMPS   := target/images/$(if $(filter 1,$(BENCHLAB_STANDIN_BASES)),standin,pinned)
HSQLDB_VERSION := $(shell sed -n 's/^hsqldb-server=//p' images/versions.properties)
RUNNER_JAR     := runner/target/runner-0.1.0-SNAPSHOT.jar
HSQLDB_JAR     := runner/target/lib/hsqldb-$(HSQLDB_VERSION).jar
IMAGE_COMMON   := images/build images/versions.properties
standin_deps    = $(if $(filter 1,$(BENCHLAB_STANDIN_BASES)),$(wildcard .ci/standins/$(1)/*))
profiles        = $(filter-out engine,$(basename $(notdir $(wildcard images/$(1)/*.$(2)))))
image_stamps    = $(if $(filter runner,$(1)),$(IMAGE_STAMPS)/runner,$(foreach p,$(call profiles,$(1),$(2)),$(IMAGE_STAMPS)/$(1)-$(p)))

STAMPS_postgres := $(call image_stamps,postgres,conf)
STAMPS_mysql    := $(call image_stamps,mysql,cnf)
STAMPS_mariadb  := $(call image_stamps,mariadb,cnf)
STAMPS_hsqldb-server := $(call image_stamps,hsqldb-server,properties)
STAMPS_runner   := $(IMAGE_STAMPS)/runner

images: $(foreach i,$(IMAGES),$(or $(STAMPS_$(i)),$(error unknown image '$(i)' in IMAGES (postgres mysql mariadb hsqldb-server runner))))

# The jars come from `make build`.
$(RUNNER_JAR) $(HSQLDB_JAR): $(LAB_JAR)
	@test -f $@ || { echo "images: $@ missing after make build" >&2; exit 1; }

$(IMAGE_STAMPS)/postgres-%: images/postgres/Dockerfile images/postgres/%.conf $(IMAGE_COMMON) $(call standin_deps,postgres)
	images/build --stamp $@ postgres:$*
$(IMAGE_STAMPS)/mariadb-%: images/mariadb/Dockerfile images/mariadb/%.cnf $(IMAGE_COMMON) $(call standin_deps,mariadb)
	images/build --stamp $@ mariadb:$*
$(IMAGE_STAMPS)/mysql-%: images/mysql/Dockerfile images/mysql/%.cnf $(IMAGE_COMMON)
	images/build --stamp $@ mysql:$*
$(IMAGE_STAMPS)/hsqldb-server-%: images/hsqldb-server/Dockerfile images/hsqldb-server/%.properties images/hsqldb-server/entrypoint.sh $(HSQLDB_JAR) $(IMAGE_COMMON) $(call standin_deps,eclipse-temurin)
	images/build --stamp $@ hsqldb-server:$*
$(IMAGE_STAMPS)/runner: images/runner/Dockerfile $(RUNNER_JAR) bin/runner bin/launch bin/jvm-options bin/jvm-options-server $(IMAGE_COMMON) $(call standin_deps,eclipse-temurin)
	images/build --stamp $@ runner
