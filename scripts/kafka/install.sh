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
  dest="$here/lib/$version"
  if [ -f "$dest/.complete" ]; then
    echo "Kafka $version: already installed in scripts/kafka/lib/$version"
    continue
  fi
  # The logging binding differs by major version (log4j2 from 4.0, reload4j before); see pom.xml.
  case "$version" in
    3.*) profile=kafka3 ;;
    *) profile=kafka4 ;;
  esac
  echo "Kafka $version: fetching jars with Maven (profile $profile)..."
  rm -rf "$dest"
  if ! mvn -q -B -Dstyle.color=never -f "$here/pom.xml" "-P$profile" "-Dkafka.version=$version" dependency:copy-dependencies; then
    echo "install.sh: Maven could not fetch Kafka $version. Check that Maven Central is reachable and that org.apache.kafka:kafka_2.13:$version exists." >&2
    exit 1
  fi
  if ! ls "$dest"/kafka_2.13-"$version".jar >/dev/null 2>&1; then
    echo "install.sh: Maven finished but $dest has no kafka_2.13-$version.jar." >&2
    exit 1
  fi
  date -u +%Y-%m-%dT%H:%M:%SZ > "$dest/.complete"
  echo "Kafka $version: installed $(ls "$dest"/*.jar | wc -l) jars in scripts/kafka/lib/$version"
done
