#!/bin/sh
# Builds OpenTafl's sources and this harness into one class directory.
# usage: build.sh OPENTAFL_CHECKOUT OUT_DIR
# Needs javac (11 or later) and the Debian packages libini4j-java, libjline2-java, libjsonp-java.
set -eu
ot=${1:?usage: build.sh OPENTAFL_CHECKOUT OUT_DIR}
out=${2:?usage: build.sh OPENTAFL_CHECKOUT OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
cp="$ot/lib/lanterna.jar:/usr/share/java/ini4j.jar:/usr/share/java/jline2.jar:/usr/share/java/javax.json.jar:/usr/share/java/javax.json-api.jar"
mkdir -p "$out"
# OpenTafl uses two JDK-internal classes (network code, never reached by the harness).
javac -nowarn -encoding UTF-8 \
  --add-exports java.xml/com.sun.org.apache.xerces.internal.impl.dv.util=ALL-UNNAMED \
  --add-exports java.base/sun.net=ALL-UNNAMED \
  -d "$out" -cp "$cp" \
  $(find "$ot/src" -name '*.java') $(find "$here/src" -name '*.java') 2>&1 | grep -v -e '^Note:' -e 'warning' -e '^import' -e '^ *\^' -e 'return Base64' -e 'hashedPassword = Base64' || true
test -f "$out/gridnote/opentafl/Harness.class"
echo "built $out (run: java -ea -cp $out:$cp gridnote.opentafl.Harness ...)"
