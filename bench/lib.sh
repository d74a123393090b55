# Shared by the sync benchmarks (sourced after `bin` is set): a scratch directory,
# removed at exit with every server the script started; a copy of the binary, so that a
# rebuild meanwhile does not disturb the run; quiet logs; free ports on loopback.
work=$(mktemp -d); trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
cp "$bin" "$work/entrada"; bin="$work/entrada"
export ENTRADA_LOG=entrada=warn
port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
