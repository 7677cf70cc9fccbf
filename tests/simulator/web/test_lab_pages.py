"""The lab on the simulation pages (docs/lab.md, docs/pages.md): the compare form (refusals beside
their fields), a compare's results (differences, forest plot, arms), card-metric tables sortable
with a CSV export, and the Nash mix and ratings beside a round robin's matrix."""

from __future__ import annotations

import html as htmllib
import re
from typing import Any

import pytest
from django.db import models

from simulator.models import SimulationJob
from tests.simulator.conftest import ecarte_round_robin, finish_job
from tests.simulator.test_compare_jobs import GARDE, GOLEMS, SABRE, finish_compare
from tests.simulator.web.test_pages import browser, demo, field_error

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("redis_broker")]

COMPARE = "/simulations/compare/"


def compare_form(**extra: Any) -> dict[str, Any]:
    return {
        "game": "eredan",
        "first": str(demo(GOLEMS).pk),
        "variants": [],
        "swaps": "out:eclairs-1=2,foudre-lame-1=1;in:rester-en-retrait-1=2,tornade-1=1",
        "field": [str(demo(GARDE).pk), str(demo(SABRE).pk)],
        "policy_a": "greedy",
        "policy_b": "greedy",
        "games": "40",
        "seed": "5",
        "stop_margin": "",
        "first_round": "",
        **extra,
    }


def test_the_compare_form_offers_decks_and_starts_a_compare(cardset: None, alice: Any) -> None:
    client = browser(alice)
    page = client.get(COMPARE).content.decode()
    assert "Base deck" in page and "Or swap cards of the base" in page and "Every public demo deck" in page
    assert demo(GOLEMS).name in page
    response = client.post(COMPARE, compare_form(stop_margin="10", first_round="20"))
    job = SimulationJob.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/simulations/{job.pk}/"
    assert job.kind == "compare" and job.stop == {"margin": 0.1, "first_round": 20}
    assert [e.role for e in job.entrants.order_by("index")] == ["base", "variant", "field", "field"]
    # The list and the new-simulation form lead here.
    assert COMPARE in client.get("/simulations/").content.decode()
    assert COMPARE in client.get("/simulations/new/").content.decode()


def test_refusals_are_shown_beside_their_fields(cardset: None, alice: Any) -> None:
    client = browser(alice)
    html = client.post(COMPARE, compare_form(swaps="", field=[], games="41")).content.decode()
    assert "Nothing was started" in html
    assert "Choose a variant" in field_error(html, "variants")
    assert "Choose the field" in field_error(html, "field")
    html = client.post(COMPARE, compare_form(games="41", stop_margin="80")).content.decode()
    assert "even number" in field_error(html, "games")
    assert "at most 50 points" in field_error(html, "stop_margin")
    html = client.post(COMPARE, compare_form(swaps="out:eclairs-1=9")).content.decode()
    assert "cannot take out 9" in field_error(html, "swaps")
    html = client.post(COMPARE, compare_form(swaps="take:eclairs-1")).content.decode()
    assert "Line 1" in field_error(html, "swaps")
    assert not SimulationJob.objects.exists()


def test_a_finished_compare_shows_its_differences_forest_plot_and_card_metrics(
    cardset: None, alice: Any
) -> None:
    client = browser(alice)
    client.post(COMPARE, compare_form(games="60", field_demo="on", field=[]))
    job = finish_compare(SimulationJob.objects.get())
    html = client.get(f"/simulations/{job.pk}/").content.decode()
    assert "Differences to the base" in html and f'src="/api/simulations/{job.pk}/forest.svg"' in html
    (diff,) = job.results["differences"]
    shown = f"{diff['estimate'] * 100:+.1f}".replace("-", "−")
    assert f'<td class="num sim-rate">{shown}</td>' in html
    assert "Arms against the field" in html and "Card metrics" in html
    assert f"/api/simulations/{job.pk}/results.csv?table=card_metrics" in html
    assert "Standings" not in html


def test_card_metrics_sort_by_a_column(cardset: None, alice: Any) -> None:
    from tests.simulator.web.test_pages import eredan_matchup

    job = finish_job(eredan_matchup(alice, games=120))  # 120 games: most cards pass 100 copies
    client = browser(alice)

    def first_table(sort: str) -> list[str]:
        html = client.get(f"/simulations/{job.pk}/", {"cards_sort": sort}).content.decode()
        table = re.search(r'<table class="sim-card-metrics".*?</table>', html, re.S).group(0)  # type: ignore[union-attr]
        cells = re.findall(r'<tr><th scope="row">(.*?)</th>', table)
        return [htmllib.unescape(re.sub(r"<[^>]+>", "", n)) for n in cells]  # the name, its link

    by_name = first_table("card")
    assert by_name == sorted(by_name)
    # By the win rate when played, best first (a rate not shown yet: last).
    from simulator.web.presenters import catalog_names

    section = job.results["card_metrics"][0]
    names = catalog_names(c["card"] for c in section["cards"])
    rate = {names[c["card"]]: c["metrics"]["played"]["rate"] for c in section["cards"]}
    by_played = first_table("played")
    values = [-1.0 if rate[name] is None else rate[name] for name in by_played]
    assert values == sorted(values, reverse=True) and by_played != by_name
    assert client.get(f"/simulations/{job.pk}/", {"cards_sort": "luck"}).status_code == 404


def test_a_round_robin_shows_its_nash_mix_and_ratings_beside_the_matrix(alice: Any) -> None:
    job = finish_job(ecarte_round_robin(alice, games=40))
    html = browser(alice).get(f"/simulations/{job.pk}/").content.decode()
    matrix_at, nash_at = html.index("Win-rate matrix"), html.index("Which deck to bring")
    assert matrix_at < nash_at
    assert 'class="sim-columns"' in html[:matrix_at].rsplit("<h3", 1)[0][-200:]
    weight = job.results["metagame"]["nash"]["weights"]["heuristic"]
    assert f"{weight * 100:.1f}%" in html
    assert "Ratings" in html and "Elo" in html


def test_a_round_robin_scores_each_entrant_against_your_field(alice: Any) -> None:
    from simulator.lab.metagame import field_scores

    job = finish_job(ecarte_round_robin(alice, games=40))
    client = browser(alice)
    html = client.get(f"/simulations/{job.pk}/").content.decode()
    assert "Your field" in html and "vs your field" not in html
    assert html.count('name="w"') == 3
    html = client.get(f"/simulations/{job.pk}/", {"w": ["1", "3", "0"]}).content.decode()
    assert "vs your field" in html
    metagame, games = job.results["metagame"], job.results["matrix"]["games"]
    expected = field_scores(metagame["scores"], games, [1, 3, 0])
    table = re.search(r'<table class="sim-nash".*?</table>', html, re.S).group(0)  # type: ignore[union-attr]
    for row in expected:
        assert f"{row.score * 100:.1f}%" in table
    assert 'value="3"' in html  # the form keeps the field
    bad = client.get(f"/simulations/{job.pk}/", {"w": ["0", "0", "0"]}).content.decode()
    assert "not all 0" in bad and "vs your field" not in bad
    assert "not all 0" in client.get(f"/simulations/{job.pk}/", {"w": ["1", "x", "1"]}).content.decode()


def test_a_field_given_with_the_job_is_shown_and_ratings_never_read_minus_zero(alice: Any) -> None:
    from simulator.services.jobs import job_create
    from simulator.services.requests import EntrantInput
    from simulator.web.presenters import _elo

    job = finish_job(
        job_create(
            owner=alice,
            game="ecarte",
            kind="round_robin",
            entrants=[EntrantInput(policy="heuristic", weight=2), EntrantInput(policy="random")],
            games=20,
            seed=3,
            chunk_size=10,
        )
    )
    html = browser(alice).get(f"/simulations/{job.pk}/").content.decode()
    assert "vs your field" in html and 'value="0.666667"' in html
    assert (_elo(-0.4), _elo(0.4), _elo(-0.6), _elo(12.5)) == ("+0", "+0", "−1", "+12")


def test_the_compare_form_takes_a_weight_per_opponent(cardset: None, alice: Any) -> None:
    client = browser(alice)
    garde, sabre = demo(GARDE).pk, demo(SABRE).pk
    assert f'name="weight_{garde}"' in client.get(COMPARE).content.decode()
    # A weight that is not a number, and one the service refuses: beside the field, both kept.
    html = client.post(
        COMPARE, compare_form(**{f"weight_{garde}": "lots", f"weight_{sabre}": "-1"})
    ).content.decode()
    assert "is not a number" in field_error(html, "field") and 'value="lots"' in html
    html = client.post(COMPARE, compare_form(**{f"weight_{sabre}": "-1"})).content.decode()
    assert "A weight is a number above 0" in field_error(html, "field") and 'value="-1"' in html
    assert not SimulationJob.objects.exists()
    # Garde three times as often as Sabre (an empty weight is 1).
    client.post(COMPARE, compare_form(**{f"weight_{garde}": "3"}))
    job = SimulationJob.objects.get()
    assert [(e.role, e.weight) for e in job.entrants.order_by("index")][2:] == [
        ("field", 3.0),
        ("field", 1.0),
    ]


def test_result_tables_name_cards_in_the_card_language(cardset: None) -> None:
    """Issue 19 §4: one name per card in each language, in the result tables too."""
    from cards.models import Card
    from simulator.web.presenters import catalog_names

    card = Card.objects.exclude(name_fr=models.F("name_en")).filter(level=1).order_by("slug").first()
    assert card is not None
    assert catalog_names([card.slug], "fr") == {card.slug: card.name_fr}
    assert catalog_names([card.slug], "en") == {card.slug: card.name_en}
    higher = Card.objects.filter(level=2).order_by("slug").first()
    assert higher is not None
    assert catalog_names([higher.slug], "fr")[higher.slug] == f"{higher.name_fr} (niveau 2)"
