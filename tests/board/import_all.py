# Imports every module of a bundle, as a board would find them, under the
# stand-ins:  circuitpython-boardlike import_all.py BUNDLE
# Prints "ok NAME" or "missing NAME: why" per module; a library's own
# imports are tried with it.
import os
import sys

HERE = sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else "."
BUNDLE = sys.argv[1]
sys.path[:] = [HERE, BUNDLE, BUNDLE + "/lib"]


def modules(folder, prefix):
    for name in sorted(os.listdir(folder)):
        path = folder + "/" + name
        if name.endswith(".mpy") or name.endswith(".py"):
            stem = name.rsplit(".", 1)[0]
            if stem != "code":
                yield prefix + stem if stem != "__init__" else prefix[:-1]
        elif os.stat(path)[0] & 0x4000:  # a folder: a package
            yield from modules(path, prefix + name + ".")


names = [n for n in modules(BUNDLE, "") if n and not n.startswith("lib.")]
names += [n for n in modules(BUNDLE + "/lib", "") if n]
for name in names:
    try:
        __import__(name)
        print("ok", name)
    except Exception as e:  # an ImportError, or one raised by the module
        print("missing %s: %s %s" % (name, type(e).__name__, e))
