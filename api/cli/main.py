"""The `combatlog` command line: every command and group registered here, each from its own
module (printing apart, in api/cli/printing.py and api/cli/terminal.py)."""

from __future__ import annotations

from api.cli.access import tokens
from api.cli.branches import compare, fork
from api.cli.campaigns import campaign_app, campaigns, file, session_replayer, sessions
from api.cli.library import import_fight, library_app
from api.cli.log import export_log, import_log, list_encounters, replay
from api.cli.printing import print_table
from api.cli.process import Combatlog
from api.cli.recap import recap
from api.cli.serve import serve
from api.cli.stats import analytics_app, stats
from api.cli.tables import tables_app

app = Combatlog(help="combatlog: an event-sourced combat log for d20 games.", no_args_is_help=True)
app.command("stats")(stats)
app.command("tokens")(tokens)
app.command("fork")(fork)
app.command("compare")(compare)
app.command("recap")(recap)
app.add_typer(analytics_app, name="analytics")
app.add_typer(campaign_app, name="campaign")
app.add_typer(tables_app, name="tables")
app.add_typer(library_app, name="library")
app.command("campaigns")(campaigns)
app.command("sessions")(sessions)
app.command("file")(file)
app.command("replay-session")(session_replayer(print_table))
app.command()(replay)
app.command("import")(import_log)
app.command("import-fight")(import_fight)
app.command("export")(export_log)
app.command("list")(list_encounters)
app.command()(serve)
