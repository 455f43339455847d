#!/bin/sh
# usage: run.sh OPENTAFL_CHECKOUT CLASS_DIR COMMAND ARGS...
set -eu
ot=$1; classes=$2; shift 2
cp="$classes:$ot/lib/lanterna.jar:/usr/share/java/ini4j.jar:/usr/share/java/jline2.jar:/usr/share/java/javax.json.jar:/usr/share/java/javax.json-api.jar"
exec java -Xss64m -cp "$cp" gridnote.opentafl.Harness "$@"
