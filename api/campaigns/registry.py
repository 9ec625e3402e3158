"""The campaign registry: each campaign's name, rules system and party roster (creatures of the
library), kept beside the creature library in the store's own database (or a dictionary for the
in-memory store).

Reference data, not events, for the creature library's reasons (api/library/store.py): the GM
renames a campaign or changes its party with no history anyone replays. What an encounter is
filed under stays a fact in its log (EncounterCreated, EncounterFiled); forgetting a campaign
here leaves every log as it was."""

from __future__ import annotations

import orjson
from pydantic import BaseModel, ConfigDict, Field

from api.library.store import KeptTable
from api.store import EncounterStore
from domain.events import CombatantId, Label, Ruleset, Slug

PARTY_MOST = 50  # creatures on a campaign's roster
UPSERT = (
    "INSERT INTO {t} (campaign_id, body) VALUES (?, ?) "
    "ON CONFLICT (campaign_id) DO UPDATE SET body = excluded.body"
)


class CampaignRecord(BaseModel):
    """A campaign as the GM set it up: its name, rules system and party (library creature ids of
    that system)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: Slug
    name: Label
    ruleset: Ruleset
    party: list[CombatantId] = Field(default_factory=list, max_length=PARTY_MOST)


class CampaignRegistry(KeptTable):
    """Every campaign record of one store, by id."""

    def __init__(self, store: EncounterStore) -> None:
        columns = "campaign_id TEXT PRIMARY KEY, body TEXT"
        super().__init__(store, "campaigns", "campaign_registry", columns)
        self.kept: dict[str, CampaignRecord] = {}  # the in-memory store's

    def campaigns(self) -> list[CampaignRecord]:
        """Every campaign record, by id."""
        if self.datastore is None:
            with self.guard:
                return sorted(self.kept.values(), key=lambda c: c.id)
        with self._sql(commit=False) as (run, _):
            rows = run(f"SELECT body FROM {self.name} ORDER BY campaign_id", ())
        return [CampaignRecord.model_validate(orjson.loads(body)) for (body,) in rows]

    def campaign(self, campaign_id: str) -> CampaignRecord | None:
        """The campaign's record, if it has one."""
        if self.datastore is None:
            with self.guard:
                return self.kept.get(campaign_id)
        with self._sql(commit=False) as (run, _):
            rows = run(f"SELECT body FROM {self.name} WHERE campaign_id = ?", (campaign_id,))
        return CampaignRecord.model_validate(orjson.loads(rows[0][0])) if rows else None

    def save(self, campaign: CampaignRecord) -> None:
        """Keep the record, replacing one of the same id (one upsert)."""
        if self.datastore is None:
            with self.guard:
                self.kept[campaign.id] = campaign
            return
        body = orjson.dumps(campaign.model_dump()).decode()
        with self._sql() as (run, _):
            run(UPSERT.format(t=self.name), [(campaign.id, body)], many=True)

    def delete(self, campaign_id: str) -> bool:
        """Forget a campaign's record (its encounters' logs untouched); whether there was one."""
        if self.datastore is None:
            with self.guard:
                return self.kept.pop(campaign_id, None) is not None
        with self._sql() as (run, _):
            found = run(f"SELECT 1 FROM {self.name} WHERE campaign_id = ?", (campaign_id,))
            run(f"DELETE FROM {self.name} WHERE campaign_id = ?", (campaign_id,))
        return bool(found)
