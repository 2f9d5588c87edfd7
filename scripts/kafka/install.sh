#!/usr/bin/env bash
# Fetches Apache Kafka jars from Maven Central into scripts/kafka/lib/<version>/ (git-ignored).
#
#   bash scripts/kafka/install.sh            # the default versions below: the newest patch of every supported line
#   bash scripts/kafka/install.sh 4.4.0      # just one
#
# Idempotent: a version whose folder holds a `.complete` marker is skipped, so CI can call this on
# every run. The marker is written last, so an interrupted download is redone, never half-used.
# Keep DEFAULT_VERSIONS in step with scripts/kafka/versions.ts.
set -euo pipefail

DEFAULT_VERSIONS=(4.4.0 3.9.2 4.0.2 4.1.2 4.2.2 4.3.1)
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

if ! command -v java >/dev/null 2>&1; then
  echo "install.sh: java not found on PATH. Install a JDK 17 (e.g. apt-get install openjdk-17-jdk-headless); Kafka 4.x brokers need Java 17+." >&2
  exit 1
fi
if ! command -v mvn >/dev/null 2>&1; then
  echo "install.sh: mvn not found on PATH. Install Maven 3.8+ (e.g. apt-get install maven); it fetches the Kafka jars from Maven Central." >&2
  exit 1
fi

versions=("$@")
if [ ${#versions[@]} -eq 0 ]; then versions=("${DEFAULT_VERSIONS[@]}"); fi

for version in "${versions[@]}"; do
  if ! [[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
    echo "install.sh: '$version' is not a Kafka version like 4.4.0 or 3.9.2." >&2
    exit 2
  fi
done

# One version: fetch into lib/<version>, then write the marker. Prints what it did; exits non-zero on failure.
install_one() {
  local version="$1"
  local dest="$here/lib/$version"
  # The logging binding differs by major version (log4j2 from 4.0, reload4j before); see pom.xml.
  local profile
  case "$version" in
    3.*) profile=kafka3 ;;
    *) profile=kafka4 ;;
  esac
  echo "Kafka $version: fetching jars with Maven (profile $profile)..."
  rm -rf "$dest"
  if ! mvn -q -B -Dstyle.color=never -f "$here/pom.xml" "-P$profile" "-Dkafka.version=$version" dependency:copy-dependencies; then
    echo "install.sh: Maven could not fetch Kafka $version. Check that Maven Central is reachable and that org.apache.kafka:kafka_2.13:$version exists." >&2
    return 1
  fi
  if ! ls "$dest"/kafka_2.13-"$version".jar >/dev/null 2>&1; then
    echo "install.sh: Maven finished but $dest has no kafka_2.13-$version.jar." >&2
    return 1
  fi
  date -u +%Y-%m-%dT%H:%M:%SZ > "$dest/.complete"
  echo "Kafka $version: installed $(ls "$dest"/*.jar | wc -l) jars in scripts/kafka/lib/$version"
}

# The first version not yet installed is fetched alone (it brings Maven's plugins and the libraries
# most versions share into ~/.m2); the others then side by side (Maven's start-up and the downloads
# overlap; each run writes only its own lib/<version>), each into a log printed when it is done.
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
pids=()
wanted=()
first=true
for version in "${versions[@]}"; do
  if [ -f "$here/lib/$version/.complete" ]; then
    echo "Kafka $version: already installed in scripts/kafka/lib/$version"
    continue
  fi
  if [ "$first" = true ]; then
    first=false
    install_one "$version" || exit 1
    continue
  fi
  install_one "$version" >"$logs/$version.log" 2>&1 &
  pids+=("$!")
  wanted+=("$version")
done
failed=0
for i in "${!pids[@]}"; do
  if ! wait "${pids[$i]}"; then failed=1; fi
  cat "$logs/${wanted[$i]}.log"
done
exit "$failed"
