# An outside bot for the tournament tests: it speaks the protocol but always
# answers R1 at stone 0, which soon is not legal.
import json
import sys

for line in sys.stdin:
    request = json.loads(line)
    if request.get("cmd") == "quit":
        break
    print(json.dumps({"card": "R1", "stone": 0, "claim": []}), flush=True)
