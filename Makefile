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
# Stream the run to InfluxDB 2.x (token from $$INFLUX_TOKEN or ARGS="--influx-token-file FILE").
INFLUX_URL ?=

GIT_SHA  := $(shell git rev-parse HEAD 2>/dev/null || echo unknown)
MVN      := mvn -B --no-transfer-progress -Dbenchlab.git.sha=$(GIT_SHA)
SOURCES  := $(shell find pom.xml results-schema runner lab -path '*/target' -prune -o -type f \( -name '*.java' -o -name 'pom.xml' -o -name '*.sql' -o -name '*.json' -o -name '*.properties' \) -print 2>/dev/null) $(wildcard images/*/engine.properties)
VERSION  := $(shell images/descriptors.sh project_version)
LAB_JAR  := lab/target/lab-$(VERSION).jar

# The server engines: every folder images/<engine>/ with a descriptor, engine.properties, which
# holds what the rules below need (versions, base.<version>, config.ext, build.stage-jar); nothing
# here names one.
# images/descriptors.sh reads them, as it does for images/build.
SERVER_ENGINES := $(shell images/descriptors.sh engines)
descriptor      = $(shell images/descriptors.sh descriptor $(1) $(2) "")
profiles        = $(shell images/descriptors.sh profiles $(1))
versions        = $(shell images/descriptors.sh versions $(1))

# Images (images/build): which to build, and with what (empty: docker if a daemon answers, else
# podman). REGISTRY=host[:port][/path] also tags each image REGISTRY/benchlab/...; PUSH=1 pushes
# those tags and prints each image pushed by digest, a line REGISTRY/benchlab/<name>:<tag>@sha256:...
# (podman: REGISTRY_AUTH_FILE holds the credentials, e.g. .ci/kube's registry).
IMAGES        ?= $(SERVER_ENGINES) runner lab
CONTAINER_CLI ?=
REGISTRY      ?=
PUSH          ?=
export CONTAINER_CLI

.PHONY: build run sweep test faults bench bench-test clean help images stack stack-down docs

help:
	@echo "make run [ENGINE=hsqldb|h2|derby] [CLIENTS=4] [DURATION=10s] [ARGS=...]   run TPC-B in-process"
	@echo "make run ENGINE=<server engine> [CLIENTS=32]                          ... in containers (Docker or podman)"
	@echo "    server engines: $(SERVER_ENGINES)"
	@echo "make run ENGINE=<server engine> BACKEND=external JDBC_URL=jdbc:...    ... on your own server"
	@echo "make sweep ENGINE=<engine>,<engine> [CLIENTS=\"1 8 32\"] [DURATION=10s] [ARGS=...]"
	@echo "                                                                      one run per engine and client count, one table"
	@echo "                                                                      (CLIENTS default: 1 2 4 8 16 32 64); then"
	@echo "                                                                      bin/lab report results/*.json -o report.html"
	@echo "make run ... INFLUX_URL=http://127.0.0.1:8086                         ... streamed to InfluxDB (token: \$$INFLUX_TOKEN)"
	@echo "make test                                                             run all tests"
	@echo "make faults                                                           the fault suite (after .ci/services start)"
	@echo "make bench                                                            the HSQLDB seed bench (bench/README.md: all benches)"
	@echo "make bench-test                                                       the benches' unit tests"
	@echo "make images [IMAGES=\"$(SERVER_ENGINES) runner lab\"] [CONTAINER_CLI=docker|podman]"
	@echo "            [REGISTRY=host:port [PUSH=1]]                             build the images (tag, push)"
	@echo "make stack [PULL=0]                                                   InfluxDB + Grafana with the boards (Docker)"
	@echo "make stack-down                                                       ... removed (data volumes kept)"
	@echo "make docs                                                             docs/reference/ from the commands' --help"
	@echo "make build | clean"

build: $(LAB_JAR)

$(LAB_JAR): $(SOURCES)
	$(MVN) -q install -DskipTests
	@touch $@

# ENGINE and CLIENTS of make sweep are lists, comma- or space-separated; the lab takes them with commas.
comma  := ,
empty  :=
space  := $(empty) $(empty)
commas  = $(subst $(space),$(comma),$(strip $(subst $(comma),$(space),$(1))))

# A server engine on the docker backend needs its image and the runner's, built (or checked,
# which takes a moment) first, but only where a Docker API answers: elsewhere the lab says in one
# line that there is no Docker and what to run instead.
DOCKER_ENGINES := $(and $(if $(JDBC_URL),,yes),$(filter docker,$(or $(BACKEND),docker)),$(filter $(subst $(comma),$(space),$(ENGINE)),$(SERVER_ENGINES)))
define docker-images
	@if command -v docker >/dev/null && docker version >/dev/null 2>&1 || [ -n "$$DOCKER_HOST" ] && command -v podman >/dev/null; then \
	  $(MAKE) --no-print-directory images IMAGES="$(DOCKER_ENGINES) runner"; fi
endef
TARGET_ARGS = $(if $(BACKEND),--backend $(BACKEND)) $(if $(JDBC_URL),--jdbc-url $(JDBC_URL)) $(if $(INFLUX_URL),--influx-url $(INFLUX_URL))

run: build
ifneq ($(DOCKER_ENGINES),)
	$(docker-images)
endif
	bin/lab run --engine $(ENGINE) --clients $(CLIENTS) --duration $(DURATION) $(TARGET_ARGS) $(ARGS)

# CLIENTS left at its default (the one make run takes) sweeps the lab's default counts, 1 to 64.
sweep: build
ifneq ($(DOCKER_ENGINES),)
	$(docker-images)
endif
	bin/lab sweep --engine $(call commas,$(ENGINE)) $(if $(filter file,$(origin CLIENTS)),,--clients $(call commas,$(CLIENTS))) --duration $(DURATION) $(TARGET_ARGS) $(ARGS)

# Every test: the benches' unit tests (seconds), the unit tests (the jars installed), then the integration tests in three lanes side by
# side, each a Maven process of its own, its lines prefixed with its name: the runner's (the
# database servers of .ci/services), the lab's on the Kubernetes clusters (tagged kubernetes:
# @UsesClusters) and the lab's others (containers, InfluxDB, embedded runs). The lanes share one
# server, InfluxDB, in which each test reads back only its own runs, and their tests spend most of
# their time waiting on servers, pods and locks rather than on the CPU. A job started with & ignores SIGINT, and a JVM that starts so installs no handler for
# it: env --default-signal gives the lanes' runners Ctrl-C back (SignalTest needs it). The ten
# slowest test classes and every failed test are printed at the end, passed or not, from the
# reports of this run alone: the last run's are removed first.
define it_lane # NAME, Maven arguments
{ env --default-signal=INT $(MVN) $(2) failsafe:integration-test failsafe:verify 2>&1; \
  echo $$? >target/it-$(1).status; } | sed -u "s/^/[$(1)] /" &
endef
IT_LANES := runner lab-kubernetes lab
test:
	rm -rf $(foreach m,results-schema runner lab,$(m)/$${BENCHLAB_TARGET:-target}/surefire-reports \
	  $(m)/$${BENCHLAB_TARGET:-target}/failsafe-reports*)
	python3 -m unittest discover -s bench -t .
	@mkdir -p target; status=0; $(MVN) install -DskipITs || status=$$?; \
	if [ $$status -eq 0 ]; then \
	  $(call it_lane,runner,-pl runner) \
	  $(call it_lane,lab-kubernetes,-pl lab -Dgroups=kubernetes -Dbenchlab.it.lane=-kubernetes) \
	  $(call it_lane,lab,-pl lab -DexcludedGroups=kubernetes) \
	  wait; \
	  for lane in $(IT_LANES); do \
	    [ "$$(cat target/it-$$lane.status)" = 0 ] || { echo "make test: the $$lane lane FAILED" >&2; status=1; }; \
	  done; \
	fi; \
	.ci/slowest-tests 10; exit $$status
	@touch $(LAB_JAR)

# The benches' own unit tests alone (bench/tests): Python's standard library only, seconds.
bench-test:
	rm -rf $(foreach m,results-schema runner lab,$(m)/$${BENCHLAB_TARGET:-target}/surefire-reports \
	  $(m)/$${BENCHLAB_TARGET:-target}/failsafe-reports*)
	python3 -m unittest discover -s bench -t .

# The fault suite alone, against the servers of .ci/services (source its env file first).
faults: build
	$(MVN) verify -pl runner -Dtest=NoSuchTest -Dsurefire.failIfNoSpecifiedTests=false -Dit.test='*FaultsIT'

bench: build
	python3 -m bench.hsqldb_seed

clean:
	mvn -B -q clean

# docs/reference/<command>.md, rendered from the picocli model of bin/lab and bin/runner by the
# test that fails when they differ (OptionsReferenceTest), told to write them instead.
docs:
	$(MVN) -q package -pl lab -am -DskipITs -Dtest=OptionsReferenceTest -Dsurefire.failIfNoSpecifiedTests=false -Dbenchlab.docs.update=true

# A local InfluxDB and Grafana, the boards of images/grafana provisioned (lab stack): pulls the
# pinned images when they are missing, unless PULL=0.
PULL ?= 1
stack: build
	bin/lab stack up $(if $(filter 0 no false,$(PULL)),,--pull)

stack-down: build
	bin/lab stack down

# ---------------------------------------------------------------------------------- images
# One stamp per image, version and profile under target/images/<pinned|standin>[-<registry>[-push]]/: an
# image whose inputs did not change is not looked at again (images/build also skips a build whose
# inputs match the existing image's label). BENCHLAB_STANDIN_BASES=1 (.ci/containers) builds FROM
# the CI stand-ins; the kinds, and each registry, keep apart stamps, so that a new REGISTRY or
# PUSH=1 tags and pushes images that are otherwise up to date.
PUSH_FLAG    := $(if $(filter-out 0 no false,$(PUSH)),--push)
IMAGE_STAMPS := target/images/$(if $(filter 1,$(BENCHLAB_STANDIN_BASES)),standin,pinned)$(if $(REGISTRY),-$(subst :,_,$(subst /,_,$(REGISTRY)))$(if $(PUSH_FLAG),-push))
IMAGE_OPTS    = $(if $(REGISTRY),--registry $(REGISTRY) $(PUSH_FLAG),$(if $(PUSH_FLAG),$(error PUSH=$(PUSH) needs REGISTRY=host[:port]: where to push)))
RUNNER_JAR   := runner/target/runner-$(VERSION).jar
IMAGE_COMMON := images/build images/descriptors.sh
# The pinned bases an image starts FROM (an engine's: one per version), without their digests,
# and the CI stand-ins made for them.
base_of       = $(if $(filter runner lab,$(1)),$(shell sed -n 's/^ARG BASE=//p' images/client/Dockerfile | head -n 1),$(foreach v,$(call versions,$(1)),$(call descriptor,$(1),base.$(v))))
standin_deps  = $(if $(filter 1,$(BENCHLAB_STANDIN_BASES)),$(wildcard $(addsuffix *,$(dir $(foreach b,$(call base_of,$(1)),$(shell grep -lx '. stand-in for: $(firstword $(subst @sha256:, ,$(b)))' .ci/standins/*/Dockerfile 2>/dev/null))))))
# build.stage-jar=GROUP:ARTIFACT: the jar images/build copies from the runner's build, per version.
stage_jar     = $(if $(call descriptor,$(1),build.stage-jar),$(foreach v,$(call versions,$(1)),runner/target/lib/$(lastword $(subst :, ,$(call descriptor,$(1),build.stage-jar)))-$(v).jar))
image_stamps  = $(if $(filter runner lab,$(1)),$(IMAGE_STAMPS)/$(1),$(foreach v,$(call versions,$(1)),$(foreach p,$(call profiles,$(1)),$(IMAGE_STAMPS)/$(1)/$(v)/$(p))))

images: $(foreach i,$(IMAGES),$(if $(filter runner lab $(SERVER_ENGINES),$(i)),$(call image_stamps,$(i)),$(error unknown image '$(i)' in IMAGES ($(SERVER_ENGINES) runner lab))))

# The jars come from `make build`.
$(RUNNER_JAR): $(LAB_JAR)
	@test -f $@ || { echo "images: $@ missing after make build" >&2; exit 1; }
runner/target/lib/%.jar: $(LAB_JAR)
	@test -f $@ || { echo "images: $@ missing after make build" >&2; exit 1; }
# Not intermediate files of this rule, but the runner's own: where this make ran `make build`
# (a fresh clone's first `make images`), make would delete them at its end, and a runner image
# built after that (images/build --push in .ci/run) would lack an engine's driver.
.PRECIOUS: runner/target/lib/%.jar

# Every engine image, per version and profile: stamp <engine>/<version>/<profile>, built
# (images/build <engine>@<version>:<profile>) from the engine's folder (the jars staged there
# aside), its staged jars and the stand-ins of its bases.
.SECONDEXPANSION:
$(IMAGE_STAMPS)/%: $$(call engine_inputs,$$(firstword $$(subst /, ,$$*))) $(IMAGE_COMMON)
	images/build $(strip --stamp $@ $(IMAGE_OPTS) $(call stamp_target,$*))
stamp_target  = $(word 1,$(subst /, ,$(1)))@$(word 2,$(subst /, ,$(1))):$(word 3,$(subst /, ,$(1)))
engine_inputs = $(filter-out %.jar,$(wildcard images/$(1)/*)) $(call stage_jar,$(1)) $(call standin_deps,$(1))

$(IMAGE_STAMPS)/runner: images/client/Dockerfile $(RUNNER_JAR) bin/runner bin/launch bin/jvm-options $(wildcard images/*/engine.properties) $(IMAGE_COMMON) $(call standin_deps,runner)
	images/build $(strip --stamp $@ $(IMAGE_OPTS) runner)

$(IMAGE_STAMPS)/lab: images/client/Dockerfile $(LAB_JAR) bin/lab bin/launch bin/jvm-options $(IMAGE_COMMON) $(call standin_deps,lab)
	images/build $(strip --stamp $@ $(IMAGE_OPTS) lab)
