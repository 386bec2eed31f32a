"""The report's words in the languages of the web client (en, hu, nb), with `{placeholders}`.

The web client's dictionaries hold what a table page says; a report's words are about statistics, so they live
here, in the same shape (`{"en": {...}, "hu": {...}, "nb": {...}}`). A game's own figures bring their words in
their facet's `messages`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from podium.core.errors import PodiumError

LANGUAGES = ("en", "hu", "nb")

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "title": "Balance report: {game}",
        "intro": "What {bot} bots in every seat and a round-robin of the bot ladder show about these rules.",
        "toc": "Contents",
        "players": "{n} players",
        "variant": "variant",
        "default_rules": "default rules",
        "s.fairness": "1. Fairness by seat",
        "s.length": "2. Length",
        "s.skill": "3. Skill against luck",
        "s.compare": "4. Variants side by side",
        "s.rules": "5. What this game's rules raise",
        "s.repro": "Reproducing this report",
        "s.reading": "How to read this report",
        "position": "position in turn order",
        "pos": "{n}.",
        "win_share": "win share (%)",
        "mean_score": "mean score",
        "lower_better": "lower is better",
        "fair_line": "dashed line: a fair share, {share}",
        "verdict.beyond": "The {pos}. player to move wins {share} [{low}, {high}] in {n}-player games{variant}; fair "
        "would be {fair}: beyond chance.",
        "verdict.fair": "No position's win share is beyond chance in {n}-player games{variant} (fair: {fair}; "
        "widest interval {width} points).",
        "games_note": "{games} games, {bot} in every seat.",
        "decisions": "decisions per game",
        "turns": "turns per game",
        "share_games": "share of games",
        "minutes": "minutes at a human's pace",
        "mean": "mean",
        "median": "median",
        "p90": "90th percentile",
        "p99": "99th percentile",
        "max": "longest",
        "pace_note": "Minutes assume {seconds} s per decision for a person (every seat human); change it with "
        "--seconds-per-decision.",
        "ended": "how games ended",
        "details": "mean of the result's details",
        "win_matrix": "win matrix: how often the row bot placed better",
        "row_bot": "row bot",
        "column_bot": "column bot",
        "ratings": "Bradley–Terry rating (Elo scale)",
        "rating": "rating",
        "win_rate": "win rate",
        "skill_share": "skill share",
        "skill_line": "Skill share{variant}: {share} [{low}, {high}] of {n} meetings; 50% would be luck alone, "
        "100% skill alone.",
        "ladder_note": "{games} games ({deals} deals × {seatings} seatings), every bot in every seat equally often, "
        "each deal played in every seating.",
        "difference": "difference",
        "beyond_chance": "beyond chance",
        "within_chance": "within chance",
        "diff_title": "{variant} against {base}, paired on the same {games} deals",
        "diff_pos": "win share of the {pos}. player to move",
        "diff_score": "mean score of seat {seat}",
        "diff_decisions": "decisions per game",
        "diff_turns": "turns per game",
        "diff_skill": "skill share",
        "winners_changed": "the winner changed in {n} of {games} deals",
        "no_rules": "This game declares no figures of its own (its spec has no `report` facet).",
        "flag": "flag",
        "seed": "seed",
        "version": "podium version",
        "options": "options",
        "command": "command",
        "seconds": "time taken: {seconds} s",
        "reading": "Intervals are 95%: Wilson's for shares, the normal interval of the mean for means (the t "
        "interval's equal at these sample sizes), differences between variants paired game by game on the same "
        "seed. A figure is beyond chance when the interval of its difference from the fair or the first "
        "variant's value leaves that value out; with many figures, about one in twenty is flagged by chance "
        "alone. Skill share: among all meetings of two bots of the ladder (random < easy < medium < hard) in one "
        "game, the share in which the higher one placed better, ties counted half: 50% is a game of luck, 100% "
        "a game of skill. Ratings: Bradley–Terry on the same meetings, on the Elo scale (mean 0). More in "
        "docs/report.md.",
        "table": "table",
        "value": "value",
        "interval": "95% interval",
        "label": "",
    },
    "hu": {
        "title": "Egyensúlyjelentés: {game}",
        "intro": "Mit mutatnak ezekről a szabályokról a minden helyen ülő {bot} botok és a botlétra körmérkőzése.",
        "toc": "Tartalom",
        "players": "{n} játékos",
        "variant": "változat",
        "default_rules": "alapszabályok",
        "s.fairness": "1. Igazságosság helyenként",
        "s.length": "2. Hossz",
        "s.skill": "3. Ügyesség és szerencse",
        "s.compare": "4. Változatok egymás mellett",
        "s.rules": "5. Amit a játék saját szabályai felvetnek",
        "s.repro": "A jelentés megismétlése",
        "s.reading": "Hogyan olvassuk a jelentést",
        "position": "hely a körsorrendben",
        "pos": "{n}.",
        "win_share": "győzelmi arány (%)",
        "mean_score": "átlagpontszám",
        "lower_better": "a kevesebb a jobb",
        "fair_line": "szaggatott vonal: az igazságos arány, {share}",
        "verdict.beyond": "A {pos}. soron következő játékos {share} [{low}, {high}] arányban nyer {n} játékosnál"
        "{variant}; igazságos {fair} lenne: ez nem a véletlen műve.",
        "verdict.fair": "{n} játékosnál{variant} egyik hely győzelmi aránya sem tér el a véletlennél jobban "
        "(igazságos: {fair}; a legszélesebb intervallum {width} pont).",
        "games_note": "{games} játszma, minden helyen {bot}.",
        "decisions": "döntések játszmánként",
        "turns": "körök játszmánként",
        "share_games": "a játszmák aránya",
        "minutes": "perc emberi tempóban",
        "mean": "átlag",
        "median": "medián",
        "p90": "90. percentilis",
        "p99": "99. percentilis",
        "max": "leghosszabb",
        "pace_note": "A percek döntésenként {seconds} másodperccel számolnak (minden helyen ember ül); a "
        "--seconds-per-decision módosítja.",
        "ended": "hogyan értek véget a játszmák",
        "details": "az eredmény részleteinek átlaga",
        "win_matrix": "győzelmi mátrix: milyen gyakran végzett jobb helyen a sor botja",
        "row_bot": "sor botja",
        "column_bot": "oszlop botja",
        "ratings": "Bradley–Terry-pontszám (Elo-skála)",
        "rating": "pontszám",
        "win_rate": "győzelmi arány",
        "skill_share": "ügyességi arány",
        "skill_line": "Ügyességi arány{variant}: {share} [{low}, {high}], {n} találkozás alapján; 50% a tiszta "
        "szerencse, 100% a tiszta ügyesség.",
        "ladder_note": "{games} játszma ({deals} osztás × {seatings} ülésrend), minden bot minden helyen "
        "egyformán gyakran, minden osztás minden ülésrendben.",
        "difference": "különbség",
        "beyond_chance": "nem a véletlen műve",
        "within_chance": "belefér a véletlenbe",
        "diff_title": "{variant} a(z) {base} ellen, ugyanazon a(z) {games} osztáson párosítva",
        "diff_pos": "a {pos}. soron következő győzelmi aránya",
        "diff_score": "a(z) {seat}. hely átlagpontszáma",
        "diff_decisions": "döntések játszmánként",
        "diff_turns": "körök játszmánként",
        "diff_skill": "ügyességi arány",
        "winners_changed": "a győztes {n} osztásban változott a(z) {games} közül",
        "no_rules": "Ez a játék nem ad saját ábrákat (a specifikációjában nincs `report`).",
        "flag": "jelzés",
        "seed": "mag",
        "version": "podium-verzió",
        "options": "beállítások",
        "command": "parancs",
        "seconds": "futási idő: {seconds} s",
        "reading": "Az intervallumok 95%-osak: arányokra Wilson-féle, átlagokra az átlag normális intervalluma "
        "(ekkora mintánál egyenlő a t-intervallummal), a változatok különbségei játszmánként párosítva, azonos "
        "maggal. Egy adat nem a véletlen műve, ha a különbség intervalluma nem tartalmazza az igazságos vagy az "
        "első változat értékét; sok adat közül nagyjából minden huszadikat a véletlen is megjelöli. Ügyességi "
        "arány: a létra (random < easy < medium < hard) két botjának egy játszmán belüli összes találkozása "
        "közül azok aránya, amelyekben a magasabb bot végzett jobb helyen (döntetlen fél): 50% szerencsejáték, "
        "100% ügyességi játék. Pontszám: Bradley–Terry ugyanezeken a találkozásokon, Elo-skálán (átlag 0). "
        "Bővebben: docs/report.md.",
        "table": "táblázat",
        "value": "érték",
        "interval": "95%-os intervallum",
        "label": "",
    },
    "nb": {
        "title": "Balanserapport: {game}",
        "intro": "Hva {bot}-boter på alle plasser og en alle-mot-alle-turnering av botstigen viser om disse reglene.",
        "toc": "Innhold",
        "players": "{n} spillere",
        "variant": "variant",
        "default_rules": "standardregler",
        "s.fairness": "1. Rettferdighet etter plass",
        "s.length": "2. Lengde",
        "s.skill": "3. Ferdighet mot flaks",
        "s.compare": "4. Varianter side om side",
        "s.rules": "5. Hva spillets egne regler reiser",
        "s.repro": "Gjenskape rapporten",
        "s.reading": "Slik leser du rapporten",
        "position": "plass i turrekkefølgen",
        "pos": "{n}.",
        "win_share": "vinnerandel (%)",
        "mean_score": "gjennomsnittlig poengsum",
        "lower_better": "lavere er bedre",
        "fair_line": "stiplet linje: rettferdig andel, {share}",
        "verdict.beyond": "Spiller nr. {pos} i turrekkefølgen vinner {share} [{low}, {high}] i spill med {n} "
        "spillere{variant}; rettferdig ville vært {fair}: mer enn tilfeldigheter.",
        "verdict.fair": "Ingen plass vinner mer eller mindre enn tilfeldighetene tilsier med {n} spillere{variant} "
        "(rettferdig: {fair}; bredeste intervall {width} prosentpoeng).",
        "games_note": "{games} spill, {bot} på alle plasser.",
        "decisions": "avgjørelser per spill",
        "turns": "turer per spill",
        "share_games": "andel av spillene",
        "minutes": "minutter i menneskelig tempo",
        "mean": "gjennomsnitt",
        "median": "median",
        "p90": "90. persentil",
        "p99": "99. persentil",
        "max": "lengste",
        "pace_note": "Minuttene regner {seconds} s per avgjørelse for et menneske (mennesker på alle plasser); "
        "endre med --seconds-per-decision.",
        "ended": "hvordan spillene endte",
        "details": "gjennomsnitt av resultatets detaljer",
        "win_matrix": "vinnermatrise: hvor ofte raden sin bot ble plassert bedre",
        "row_bot": "radens bot",
        "column_bot": "kolonnens bot",
        "ratings": "Bradley–Terry-rating (Elo-skala)",
        "rating": "rating",
        "win_rate": "vinnerandel",
        "skill_share": "ferdighetsandel",
        "skill_line": "Ferdighetsandel{variant}: {share} [{low}, {high}] av {n} møter; 50 % er ren flaks, "
        "100 % ren ferdighet.",
        "ladder_note": "{games} spill ({deals} given × {seatings} bordplasseringer), hver bot like ofte på hver "
        "plass, hvert giv spilt i hver bordplassering.",
        "difference": "forskjell",
        "beyond_chance": "mer enn tilfeldigheter",
        "within_chance": "innenfor tilfeldighetene",
        "diff_title": "{variant} mot {base}, parvis på de samme {games} givene",
        "diff_pos": "vinnerandelen til spiller nr. {pos} i turrekkefølgen",
        "diff_score": "gjennomsnittlig poengsum for plass {seat}",
        "diff_decisions": "avgjørelser per spill",
        "diff_turns": "turer per spill",
        "diff_skill": "ferdighetsandel",
        "winners_changed": "vinneren endret seg i {n} av {games} given",
        "no_rules": "Dette spillet har ingen egne figurer (spesifikasjonen har ingen `report`).",
        "flag": "merknad",
        "seed": "frø",
        "version": "podium-versjon",
        "options": "valg",
        "command": "kommando",
        "seconds": "tidsbruk: {seconds} s",
        "reading": "Intervallene er 95 %: Wilsons for andeler, normalintervallet for gjennomsnitt (likt "
        "t-intervallet ved disse utvalgsstørrelsene), forskjeller mellom varianter parvis spill for spill med "
        "samme frø. Et tall er mer enn tilfeldigheter når intervallet for forskjellen utelater den rettferdige "
        "verdien eller verdien i første variant; blant mange tall blir omtrent ett av tjue merket av "
        "tilfeldigheter alene. Ferdighetsandel: av alle møter mellom to boter fra stigen (random < easy < medium "
        "< hard) i ett spill, andelen der den høyeste ble plassert bedre, uavgjort teller halvt: 50 % er et "
        "flaksspill, 100 % et ferdighetsspill. Rating: Bradley–Terry på de samme møtene, på Elo-skala "
        "(gjennomsnitt 0). Mer i docs/report.md.",
        "table": "tabell",
        "value": "verdi",
        "interval": "95 % intervall",
        "label": "",
    },
}


def check_language(lang: str) -> str:
    name = lang.strip().lower()
    if name not in LANGUAGES:
        raise PodiumError(f"unknown language {lang!r}; languages are: {', '.join(LANGUAGES)}")
    return name


class Words:
    """`t(key, **params)` in one language: the report's own words, then the game's (its facet's `messages`)."""

    def __init__(self, lang: str, game: Mapping[str, Mapping[str, str]] | None = None) -> None:
        self.lang = check_language(lang)
        self.table = dict(MESSAGES["en"])
        self.table.update(MESSAGES[self.lang])
        if game is not None:
            self.table.update(game.get("en", {}))
            self.table.update(game.get(self.lang, {}))

    def __call__(self, key: str, **params: Any) -> str:
        text = self.table.get(key, key)
        return text.format(**params) if params else text
