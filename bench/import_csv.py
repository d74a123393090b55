"""Writes a CSV of N registrations for `entrada import attendees` (benchmark input).

    python3 bench/import_csv.py 50000 > /tmp/50k.csv
The columns match the demo event's fields (`entrada serve --demo`), so the same file
imports into a demo database: names, email, company, job title, phone and three answers.
"""
import csv, random, sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 50000
rng = random.Random(7)
first = ["Ada", "Grace", "Alan", "Linus", "Margaret", "Ken", "Barbara", "Dennis", "Frances", "Edsger"]
last = ["Lovelace", "Hopper", "Turing", "Torvalds", "Hamilton", "Thompson", "Liskov", "Ritchie", "Allen", "Dijkstra"]
w = csv.writer(sys.stdout, lineterminator="\n")
w.writerow(["First name", "Last name", "Email", "Company", "Job title", "Phone", "rsvp_status",
            "T-shirt size", "Interested in", "I agree to appear in event photos"])
for i in range(n):
    w.writerow([rng.choice(first), rng.choice(last), f"person{i}@example.com", f"Company {i % 997}",
                "Engineer", f"+47 4{rng.randrange(10**7):07d}", "confirmed",
                rng.choice(["S", "M", "L"]), "", rng.choice(["yes", "no"])])
