#!/usr/bin/env node
// mpy_run.mjs - run a Python script under MicroPython (WebAssembly port) in Node.
//
//   node mpy_run.mjs [--pkg DIR]... [--heap 512k] [--pystack WORDS] [--step NAME]
//                    SCRIPT.py [args...]
//
// * Every --pkg DIR is copied (recursively, *.py files only) into MicroPython's
//   in-memory file system as /lib/<basename of DIR>, so `import <basename>` works.
//   A single FILE.py may be given too; it becomes /lib/FILE.py.
// * SCRIPT.py runs as __main__ with __file__ set; sys.argv == [SCRIPT.py, args...].
// * Output: Python stdout -> Node stdout, Python stderr -> Node stderr, line by line.
// * Exit status: 0 on success, 1 on an uncaught Python exception (traceback on
//   stderr), the SystemExit code for sys.exit(...), 2 on a usage error.
// * Stepping: in this port the garbage collector only really runs when control
//   returns to JavaScript (gc.collect() inside Python merely sets a "pending"
//   flag).  A long computation should therefore be split into steps: if the
//   script defines a global function `mpy_step` (name configurable with --step),
//   the harness calls it again and again from JS after the script body has run,
//   until it returns a false value.  Garbage is freed between two calls.
//   While running under this harness the script sees `__mpy_harness__ = True`
//   in its globals, so one script can drive the loop itself elsewhere:
//       if not globals().get("__mpy_harness__"):
//           while mpy_step():
//               pass
//
// It can also be imported: `import { runMicroPython } from "./mpy_run.mjs"`.
// Only one MicroPython instance per Node process is supported (the package
// keeps its state in globalThis).

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const USAGE = `usage: node mpy_run.mjs [--pkg DIR]... [--heap SIZE] [--pystack WORDS]
                        [--step NAME] SCRIPT.py [args...]
  --pkg DIR        copy the *.py files of DIR to /lib/<basename> (repeatable)
  --heap SIZE      initial MicroPython heap, e.g. 256k, 1m (default 512k);
                   the port grows the heap on demand, so this is not a cap
  --pystack WORDS  Python frame stack in words (default 16384)
  --step NAME      name of the step function driven from JS (default mpy_step)`;

// Where the helper module below is written in MicroPython's file system.
const HELPER_DIR = "/lib";
const HELPER_NAME = "_mpy_run";

// Python side of the harness.  It runs the script inside __main__ and turns
// every way the script can end into an integer status for JS:
//   -1 = finished normally, the step function (if any) should be driven;
//   otherwise the process exit status.
// Tracebacks are printed from Python, so they go to the stderr callback.
// (No backslashes in here: this text lives inside a JS template literal.)
const HELPER_SOURCE = `
import io
import sys
import json
import __main__

CONTINUE = -1
_step = None


def _exit_status(exc):
    # Same mapping as CPython: None -> 0, int -> itself, other -> print it, 1.
    code = exc.args[0] if exc.args else None
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def _print_traceback(exc):
    # Like sys.print_exception, minus the frames of this helper module.
    try:
        buf = io.StringIO()
        sys.print_exception(exc, buf)
        lines = buf.getvalue().split(chr(10))
        mine = 'File "%s"' % __file__
        sys.stderr.write(chr(10).join(ln for ln in lines if mine not in ln))
    except MemoryError:
        sys.print_exception(exc, sys.stderr)


def _guarded(fn):
    # Call fn(); return (status, result).  status is CONTINUE when fn returned.
    try:
        return CONTINUE, fn()
    except SystemExit as exc:
        return _exit_status(exc), None
    except BaseException as exc:
        _print_traceback(exc)
        return 1, None


def run_main(filename, source, argv_json, step_name):
    global _step
    sys.argv.clear()
    sys.argv.extend(json.loads(argv_json))
    env = __main__.__dict__
    env["__file__"] = filename
    env["__mpy_harness__"] = True

    def body():
        exec(compile(source, filename, "exec"), env)

    status, _ = _guarded(body)
    if status != CONTINUE:
        return status
    _step = env.get(step_name)
    if _step is None:
        return 0
    if not callable(_step):
        print("mpy_run: %s is not callable" % step_name, file=sys.stderr)
        return 1
    return CONTINUE


def step_once():
    status, more = _guarded(_step)
    if status != CONTINUE:
        return status
    return CONTINUE if more else 0
`;

/** Parse "512k", "1m", "262144" into a number of bytes. */
function parseSize(text) {
  const m = /^(\d+)([kKmM]?)$/.exec(text);
  if (!m) throw new UsageError(`bad size: ${text}`);
  const mult = { "": 1, k: 1024, m: 1024 * 1024 }[m[2].toLowerCase()];
  return Number(m[1]) * mult;
}

class UsageError extends Error {}

/** Split the command line into harness options, the script and its args. */
function parseArgs(argv) {
  const opts = { pkgs: [], heap: 512 * 1024, pystack: 16384, step: "mpy_step" };
  let i = 0;
  const value = (flag) => {
    if (i + 1 >= argv.length) throw new UsageError(`${flag} needs a value`);
    return argv[++i];
  };
  for (; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--pkg") opts.pkgs.push(value(a));
    else if (a === "--heap") opts.heap = parseSize(value(a));
    else if (a === "--pystack") opts.pystack = parseSize(value(a));
    else if (a === "--step") opts.step = value(a);
    else if (a === "-h" || a === "--help") opts.help = true;
    else if (a === "--") { i++; break; }
    else if (a.startsWith("-")) throw new UsageError(`unknown option: ${a}`);
    else break;
  }
  if (opts.help) return opts;
  if (i >= argv.length) throw new UsageError("no script given");
  opts.script = argv[i];
  opts.args = argv.slice(i + 1);
  return opts;
}

/**
 * Collects the bytes MicroPython writes (one callback per byte) and passes
 * complete lines to `write`.  Works on bytes, so UTF-8 sequences are never
 * split; flush() emits a last line that had no trailing newline.
 */
function lineSink(write) {
  let buf = [];
  const flush = () => {
    if (buf.length) write(Buffer.from(buf));
    buf = [];
  };
  const push = (bytes) => {
    for (const b of bytes) {
      buf.push(b);
      if (b === 10) flush();
    }
  };
  return { push, flush };
}

/** Copy a host package folder (or one .py file) into the Emscripten FS. */
function copyPackage(FS, hostPath, fsDir) {
  const stat = fs.statSync(hostPath); // throws a clear ENOENT if missing
  const name = path.basename(path.resolve(hostPath));
  if (stat.isFile()) {
    if (!name.endsWith(".py")) throw new UsageError(`--pkg ${hostPath}: not a .py file`);
    FS.mkdirTree(fsDir);
    FS.writeFile(`${fsDir}/${name}`, fs.readFileSync(hostPath));
    return;
  }
  const walk = (hostDir, target) => {
    FS.mkdirTree(target);
    for (const entry of fs.readdirSync(hostDir, { withFileTypes: true })) {
      if (entry.name.startsWith(".") || entry.name === "__pycache__") continue;
      const src = path.join(hostDir, entry.name);
      if (entry.isDirectory()) walk(src, `${target}/${entry.name}`);
      else if (entry.isFile() && entry.name.endsWith(".py")) {
        FS.writeFile(`${target}/${entry.name}`, fs.readFileSync(src));
      }
    }
  };
  walk(hostPath, `${fsDir}/${name}`);
}

/**
 * Run one script under MicroPython; resolves to the exit status.
 * opts: { script, args = [], pkgs = [], heap, pystack, step, stdout, stderr }
 * stdout/stderr are (Buffer) => void and receive whole lines.
 */
export async function runMicroPython(opts) {
  const out = lineSink(opts.stdout ?? ((b) => process.stdout.write(b)));
  const err = lineSink(opts.stderr ?? ((b) => process.stderr.write(b)));
  const source = fs.readFileSync(opts.script, "utf8");

  const mp = await loadMicroPython({
    heapsize: opts.heap ?? 512 * 1024,
    pystack: opts.pystack ?? 16384,
    linebuffer: false, // we do our own (byte-exact) line buffering
    stdout: out.push,
    stderr: err.push,
  });
  try {
    for (const pkg of opts.pkgs ?? []) copyPackage(mp.FS, pkg, "/lib");
    mp.FS.mkdirTree(HELPER_DIR);
    mp.FS.writeFile(`${HELPER_DIR}/${HELPER_NAME}.py`, HELPER_SOURCE);

    const helper = mp.pyimport(HELPER_NAME);
    const argvJson = JSON.stringify([opts.script, ...(opts.args ?? [])]);
    let status = helper.run_main(opts.script, source, argvJson, opts.step ?? "mpy_step");
    // Each step_once() call is a separate entry from JS into MicroPython, so a
    // pending garbage collection runs every time it returns.
    while (status === -1) status = helper.step_once();
    return status;
  } catch (e) {
    // Only reached for errors outside the user's code (the helper catches
    // those), e.g. a MemoryError while printing a traceback.
    err.flush();
    if (e?.name === "PythonError") err.push(Buffer.from(e.message));
    else err.push(Buffer.from(`mpy_run: ${e?.message ?? e}\n`));
    return 1;
  } finally {
    out.flush();
    err.flush();
  }
}

/** Command-line entry point. */
async function main() {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`mpy_run: ${e.message}\n${USAGE}\n`);
    return 2;
  }
  if (opts.help) {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  for (const p of [opts.script, ...opts.pkgs]) {
    if (!fs.existsSync(p)) {
      process.stderr.write(`mpy_run: no such file or directory: ${p}\n`);
      return 2;
    }
  }
  return runMicroPython(opts);
}

const invokedDirectly =
  process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;

if (invokedDirectly) {
  // A reader that closes the pipe early (e.g. `| head`) is not an error.
  process.stdout.on("error", (e) => {
    if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw e;
  });
  main().then(
    (code) => { process.exitCode = code; },
    (e) => {
      // Print only the message: Node would otherwise echo a line of the
      // minified 100 KB micropython.mjs as "source context".
      process.stderr.write(`mpy_run: ${e?.message ?? e}\n`);
      process.exitCode = 1;
    },
  );
}
