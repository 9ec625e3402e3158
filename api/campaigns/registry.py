"""The campaign registry: each campaign's name, rules system and party roster (creatures of the
library), per table (game group: two tables may each have a campaign `mill`), kept beside the
creature library in the store's own database (or a dictionary for the in-memory store).

Reference data, not events, for the creature library's reasons (api/store/kept.py): the GM
renames a campaign or changes its party with no history anyone replays. What an encounter is
filed under stays a fact in its log (EncounterCreated, EncounterFiled), and names a campaign of
the encounter's own table; forgetting a campaign here leaves every log as it was."""

from __future__ import annotations

from dataclasses import dataclass

import orjson
from pydantic import BaseModel, ConfigDict, Field

from api.store import EncounterStore
from api.store.kept import Earlier, TablesKept
from domain.events import CombatantId, Label, Ruleset, Slug
from domain.tables import DEFAULT_TABLE

PARTY_MOST = 50  # creatures on a campaign's roster
UPSERT = (
    "INSERT INTO {t} (table_id, campaign_id, body) VALUES (?, ?, ?) "
    "ON CONFLICT (table_id, campaign_id) DO UPDATE SET body = excluded.body"
)
COLUMNS = "table_id TEXT, campaign_id TEXT, body TEXT, PRIMARY KEY (table_id, campaign_id)"
# a registry kept before tables: every campaign goes to the default table
BEFORE_TABLES = Earlier("table_id", f"'{DEFAULT_TABLE}', campaign_id, body")


class CampaignRecord(BaseModel):
    """A campaign as the GM set it up: its name, rules system and party (library creature ids of
    that system)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: Slug
    name: Label
    ruleset: Ruleset
    party: list[CombatantId] = Field(default_factory=list, max_length=PARTY_MOST)


class CampaignRegistry(TablesKept):
    """Every campaign record of one store, by table and id."""

    def __init__(self, store: EncounterStore) -> None:
        super().__init__(store, "campaigns", "campaign_registry", COLUMNS, BEFORE_TABLES)
        self.kept: dict[tuple[str, str], CampaignRecord] = {}  # the in-memory store's

    def of(self, table: str) -> TableCampaigns:
        """The registry of one table: what a route holding that table's key reads and writes."""
        return TableCampaigns(self, table)

    def campaigns(self, table: str) -> list[CampaignRecord]:
        """Every campaign record of the table, by id."""
        if self.datastore is None:
            with self.guard:
                found = [c for (t, _), c in self.kept.items() if t == table]
            return sorted(found, key=lambda c: c.id)
        with self._sql(commit=False) as (run, _):
            rows = run(
                f"SELECT body FROM {self.name} WHERE table_id = ? ORDER BY campaign_id", (table,)
            )
        return [CampaignRecord.model_validate(orjson.loads(body)) for (body,) in rows]

    def campaign(self, table: str, campaign_id: str) -> CampaignRecord | None:
        """The table's campaign record, if it has one."""
        if self.datastore is None:
            with self.guard:
                return self.kept.get((table, campaign_id))
        with self._sql(commit=False) as (run, _):
            rows = run(
                f"SELECT body FROM {self.name} WHERE table_id = ? AND campaign_id = ?",
                (table, campaign_id),
            )
        return CampaignRecord.model_validate(orjson.loads(rows[0][0])) if rows else None

    def save(self, table: str, campaign: CampaignRecord) -> None:
        """Keep the record in the table, replacing one of the same id (one upsert)."""
        if self.datastore is None:
            with self.guard:
                self.kept[(table, campaign.id)] = campaign
            return
        body = orjson.dumps(campaign.model_dump()).decode()
        with self._sql() as (run, _):
            run(UPSERT.format(t=self.name), [(table, campaign.id, body)], many=True)

    def delete(self, table: str, campaign_id: str) -> bool:
        """Forget a campaign's record (its encounters' logs untouched); whether there was one."""
        if self.datastore is None:
            with self.guard:
                return self.kept.pop((table, campaign_id), None) is not None
        return self._deleted("WHERE table_id = ? AND campaign_id = ?", (table, campaign_id))


@dataclass(frozen=True, slots=True)
class TableCampaigns:
    """One table's campaign records: the store's registry, every call naming that table."""

    registry: CampaignRegistry
    table: str

    def campaigns(self) -> list[CampaignRecord]:
        """Every campaign record of the table, by id."""
        return self.registry.campaigns(self.table)

    def campaign(self, campaign_id: str) -> CampaignRecord | None:
        """The table's campaign record, if it has one."""
        return self.registry.campaign(self.table, campaign_id)

    def save(self, campaign: CampaignRecord) -> None:
        """Keep the record in the table, replacing one of the same id."""
        self.registry.save(self.table, campaign)

    def delete(self, campaign_id: str) -> bool:
        """Forget the table's campaign record; whether there was one."""
        return self.registry.delete(self.table, campaign_id)
