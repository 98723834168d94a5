//! What each diagnostic code means, in a sentence a designer can act on: shown by the studio's
//! Help > Diagnostic codes and beside each diagnostic, and printed by `roadwright codes`.
//! A test holds it to every code the validator, the loaders and the check by play can emit.

/// Where a code comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CodeArea {
    /// Reading a file.
    Files,
    /// A track's graph or drawing.
    Track,
    /// Decks, team mats, rulesets, bot profiles and the pack as a whole.
    Content,
    /// Found by playing races on the content (the check by play).
    Play,
    /// A mission checked against its content and track.
    Missions,
}

impl CodeArea {
    /// Every area, in the order the code lists show them.
    pub const ALL: [Self; 5] = [
        Self::Files,
        Self::Track,
        Self::Content,
        Self::Play,
        Self::Missions,
    ];

    /// Its name as a heading.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Files => "Files",
            Self::Track => "Tracks",
            Self::Content => "Content",
            Self::Play => "Found by play",
            Self::Missions => "Missions",
        }
    }
}

/// One code and what it means.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CodeMeaning {
    /// The code (`deck-too-small`).
    pub code: &'static str,
    /// Where it comes from.
    pub area: CodeArea,
    /// What it means and what to do, in a sentence or two.
    pub meaning: &'static str,
}

const fn code(code: &'static str, area: CodeArea, meaning: &'static str) -> CodeMeaning {
    CodeMeaning {
        code,
        area,
        meaning,
    }
}

use CodeArea::{Content, Files, Missions, Play, Track};

/// Every code, grouped by area.
pub const CODE_BOOK: &[CodeMeaning] = &[
    code(
        "io",
        Files,
        "The file could not be read (missing, no permission, a disk error).",
    ),
    code(
        "not-a-file",
        Files,
        "The path names a folder or a device, not a file.",
    ),
    code(
        "too-large",
        Files,
        "The file is larger than any content file should be; it was not read.",
    ),
    code("empty", Files, "The file is empty."),
    code("not-utf8", Files, "The file is not UTF-8 text."),
    code("binary", Files, "The file holds binary data, not text."),
    code(
        "unknown-format",
        Files,
        "The file name ends in neither .ron nor .json.",
    ),
    code(
        "parse",
        Files,
        "The text does not parse: the message gives the line, column and what was expected there.",
    ),
    code(
        "version",
        Files,
        "The file was written by a newer Roadwright (its `version` is higher than this build reads).",
    ),
    code(
        "wrong-kind",
        Files,
        "The file's `kind` is not what was expected where it was given.",
    ),
    code(
        "not-a-track",
        Files,
        "A track was asked for, but the file holds another kind of content.",
    ),
    code(
        "scenario",
        Files,
        "A scenario file that cannot be played: its content, track, position or card is wrong.",
    ),
    code(
        "missing-file",
        Content,
        "The content folder lacks one of the files a pack needs (race deck, movement events, combat deck, team mats, a ruleset).",
    ),
    code(
        "duplicate-file",
        Content,
        "Two files in the content folder hold the same kind of content; only one can be used.",
    ),
    code(
        "track-empty",
        Track,
        "The track has no sectors: lay a stretch to begin.",
    ),
    code(
        "space-size",
        Track,
        "A space size is zero or negative: spaces need a positive length and width.",
    ),
    code(
        "geometry-out-of-range",
        Track,
        "A coordinate, heading, size or background number is not finite or lies beyond ±1,000,000.",
    ),
    code("sector-empty", Track, "A sector has no spaces."),
    code(
        "lanes-not-contiguous",
        Track,
        "A sector's lanes skip a number: lanes are numbered 0, 1, 2... from the inside.",
    ),
    code(
        "lanes-out-of-order",
        Track,
        "A sector lists its lanes out of order.",
    ),
    code(
        "trough-misplaced",
        Track,
        "A trough that is not the middle lane of a jump sector (Jump, Trough, Jump), 7.14.",
    ),
    code(
        "jump-not-three-lanes",
        Track,
        "A jump sector that is not three lanes: jump, trough, jump (7.14).",
    ),
    code(
        "rough-not-contiguous",
        Track,
        "Rough lanes of a sector are not one block (7.13).",
    ),
    code(
        "lap-cut-by-ground",
        Track,
        "Every route from the start to the finish line enters ground that eliminates a car: no car could finish a lap.",
    ),
    code(
        "ramp-without-run-up",
        Track,
        "A ramp has no space in its own lane linking into it: every car that enters it comes from the side and is wrecked.",
    ),
    code(
        "hazard-spot-in-trough",
        Track,
        "A hazard spot in the trough (only a movement event puts a car there, and it turns no token over) or on ground where cars stack (the ground a hazard leaves could not hold the stack).",
    ),
    code(
        "hazard-spot-players",
        Track,
        "A space names the player counts its hazard token is dealt at (`hazard_players`) but is no hazard spot, or names a count no race has (2 to 10 players).",
    ),
    code(
        "rolling-window",
        Track,
        "A rolling road that cannot roll as written: fewer than two tiles on the table, more than the track was laid from, or a closed lap (a rolling road runs point to point).",
    ),
    code(
        "rolling-tiles",
        Track,
        "A rolling road's list of laid tiles does not cover the lap from sector 0 in order, the track has a separate starting section, or its grid or chute stands past the tiles on the table at the start.",
    ),
    code(
        "hazard-spots-without-deck",
        Track,
        "The track marks hazard spots, or is painted with ground that draws hazards (`Hazard`), but the pack has no hazard deck: the spots stay empty, the ground draws nothing. Add a hazard deck to the pack (File > Hazard deck), or clear them.",
    ),
    code(
        "tile-empty",
        Track,
        "A tile has no sectors, or a sector with no spaces.",
    ),
    code(
        "tile-lanes",
        Track,
        "A tile's sector numbers its spaces' lanes out of order: lane n must be the sector's space n.",
    ),
    code(
        "tile-link-outside",
        Track,
        "A tile's space links somewhere other than a space of the tile's next sector: a tile keeps its own links, and its last sector has none (the next tile's first sector is linked to it when laid).",
    ),
    code(
        "tile-grid-outside",
        Track,
        "A tile's grid or chute stands by a space the tile does not have.",
    ),
    code(
        "course-build",
        Track,
        "A course cannot be built from its tiles: a tile it names is missing or not a tile, two tiles' edges cannot join (lane counts), a tile would lie over another, it does not close, or no draw of its pile closes within the tries allowed.",
    ),
    code(
        "terrain-undefined",
        Track,
        "A space, or a hazard's `becomes`, names a kind of ground the pack's terrain file does not define (a lone file is checked against the rulebook's four: paved, rough, jump, trough).",
    ),
    code(
        "no-forward-link",
        Track,
        "A space leads nowhere: every lap space needs a forward link into the next sector.",
    ),
    code(
        "too-many-links",
        Track,
        "A space has more than two forward links; a space forks at most in two (7.11).",
    ),
    code(
        "dangling-link",
        Track,
        "A link, grid slot, chute or crossover names a space that does not exist.",
    ),
    code(
        "link-not-to-next-sector",
        Track,
        "A forward link skips a sector or goes back: links go to the next sector (the starting section joins the lap).",
    ),
    code(
        "link-into-trough",
        Track,
        "A forward link enters a trough; only jump events drop a car there (7.14).",
    ),
    code(
        "crossing-forks",
        Track,
        "The links of two lanes cross each other, so two cars could swap lanes through each other.",
    ),
    code(
        "lap-not-closed",
        Track,
        "The lap's last sector does not link back to sector 0: Track > Close the lap joins it.",
    ),
    code(
        "run-off-missing",
        Track,
        "A point-to-point track needs two lap sectors at least: the road and, beyond the finish line, the run-off.",
    ),
    code(
        "run-off-linked",
        Track,
        "A space of a point-to-point track's run-off (its last sector, beyond the finish line) links forward: the track ends there.",
    ),
    code(
        "run-off-start",
        Track,
        "A grid slot or the chute stands on a point-to-point track's run-off, or a mission places a car there: a car there would start past the finish line, and could never cross it.",
    ),
    code(
        "unreachable-from-grid",
        Track,
        "Spaces no car starting on the grid can ever reach.",
    ),
    code(
        "unreachable-from-chute",
        Track,
        "Spaces a replacement car leaving the chute can never reach.",
    ),
    code(
        "finish-unreachable",
        Track,
        "Spaces from which no car can reach the finish line.",
    ),
    code(
        "link-missing",
        Track,
        "A space with no way on (or no way in) cuts the track, and the spaces out of reach follow from it: they are counted under it, and its fix adds the link lane to lane (or to the nearest lane).",
    ),
    code(
        "crossover-size",
        Track,
        "A crossover is exactly four shared spaces (7.12).",
    ),
    code(
        "crossover-shape",
        Track,
        "The crossover's spaces are not two lanes of two consecutive sectors on each road, or both roads are the same sectors.",
    ),
    code(
        "crossover-not-perpendicular",
        Track,
        "The two roads of the crossover do not meet at right angles.",
    ),
    code(
        "crossover-apart",
        Track,
        "A crossover pair's two spaces are not drawn on one spot, so they are not the crossing: Track > Detect crossover finds the spaces drawn crossing.",
    ),
    code(
        "crossover-undeclared",
        Track,
        "Lap spaces are drawn crossing at right angles but the track declares no crossover, so in play they are two spaces: Track > Detect crossover declares it.",
    ),
    code(
        "space-overlap",
        Track,
        "Two spaces are drawn on top of each other (and are not a crossover pair): on the board they look like one square. Move one, or declare the crossover.",
    ),
    code(
        "link-long",
        Track,
        "A link is drawn much longer than a space (over 1.75 times its larger side): on the board it jumps a gap. Draw the spaces side by side, or Reopen the lap closed across a gap.",
    ),
    code(
        "link-over-space",
        Track,
        "A link is drawn across another space, so the board shows a way through that space that play does not have.",
    ),
    code(
        "lap-crosses-itself",
        Track,
        "The lap's centre line crosses itself where there is no crossover: cars on the two roads would not meet there in play (7.12).",
    ),
    code(
        "grid-numbering",
        Track,
        "Grid positions are not numbered 1 to N without gaps or repeats.",
    ),
    code(
        "grid-too-small",
        Track,
        "Fewer grid positions than the largest field of the pack's rulesets needs (40 for ten players of four cars; a race the grid cannot seat is refused at setup).",
    ),
    code(
        "grid-duplicate-space",
        Track,
        "Two grid positions on one space.",
    ),
    code(
        "grid-missing-space",
        Track,
        "A grid position on a space that does not exist.",
    ),
    code(
        "grid-at-finish",
        Track,
        "A grid position in the sector just before the finish line: cars there would score on their first move.",
    ),
    code(
        "chute-missing",
        Track,
        "An Apocalypse Road track needs a chute, where replacement cars enter (8.3).",
    ),
    code(
        "chute-no-access",
        Track,
        "The chute is beside a space that is not on the lap.",
    ),
    code(
        "count-zero",
        Content,
        "A card kind with 0 copies: remove it or give it copies.",
    ),
    code(
        "count-too-large",
        Content,
        "More than 999 copies of one card.",
    ),
    code(
        "deck-too-small",
        Content,
        "Fewer cards than the largest field's hands need (players × hand size).",
    ),
    code(
        "deck-too-large",
        Content,
        "More than 9,999 cards in a deck.",
    ),
    code("deck-empty", Content, "A deck with no cards."),
    code(
        "speed-out-of-range",
        Content,
        "A race card's speed outside 0 to 12.",
    ),
    code(
        "speed-unusual",
        Content,
        "A race card's speed outside the rulebook's +1 to +6: allowed, but it changes the game.",
    ),
    code(
        "card-name-contradicts",
        Content,
        "A race card's name says another speed (its +N) or another movement type than the card has, so the printed card says both: rename it or change the numbers.",
    ),
    code(
        "conflicting-instructions",
        Content,
        "A race card forces both the inside and the outside lane.",
    ),
    code(
        "duplicate-id",
        Content,
        "Two objects share an id, so other files and diagnostics cannot tell them apart.",
    ),
    code("empty-id", Content, "An object has an empty id."),
    code(
        "unconventional-id",
        Content,
        "An id that is not lower-case words joined by hyphens (`machine-guns`).",
    ),
    code(
        "event-number-out-of-range",
        Content,
        "A movement event's numbers cannot play: an empty MP range, 0 spaces, a damage threshold no car can reach.",
    ),
    code(
        "event-no-effect",
        Content,
        "A movement event that does nothing with its numbers (deals no damage, moves nothing).",
    ),
    code(
        "event-eliminates",
        Content,
        "A movement event whose damage eliminates a car outright.",
    ),
    code(
        "no-weapon-types",
        Content,
        "The combat deck declares no weapon types, so no car can carry a weapon.",
    ),
    code(
        "unknown-weapon-type",
        Content,
        "A car or combat card names a weapon type the combat deck does not declare.",
    ),
    code(
        "unused-weapon-type",
        Content,
        "A weapon type no car on any team mat carries.",
    ),
    code(
        "missing-weapon-result",
        Content,
        "A combat card gives no result for one of the weapon types.",
    ),
    code(
        "collision-only-effect",
        Content,
        "Bulldoze or Chain Reaction given as a weapon's result; they belong to collisions.",
    ),
    code(
        "collision-without-damage",
        Content,
        "A collision result must damage both the target and the active car (8.4).",
    ),
    code(
        "combat-value-unusual",
        Content,
        "A combat card's value outside the rulebook's 0 to 3.",
    ),
    code(
        "repeated-effect",
        Content,
        "A combat result lists an effect twice; effects do not stack.",
    ),
    code(
        "never-hits-defense",
        Content,
        "No combat card's value reaches some car's defense: that car can never be hit (a warning when only a targeting bonus reaches it).",
    ),
    code(
        "wrong-car-count",
        Content,
        "A team mat that does not hold the number of cars a mat holds (the ruleset's `cars_on_mat`).",
    ),
    code(
        "duplicate-car-number",
        Content,
        "Two cars with the same number.",
    ),
    code(
        "malformed-car-number",
        Content,
        "A car number that is empty, too long, or not letters and digits.",
    ),
    code(
        "defense-out-of-range",
        Content,
        "A car's defense outside 1 to 3.",
    ),
    code(
        "base-mp-out-of-range",
        Content,
        "A car's base MP outside 1 to 6.",
    ),
    code(
        "invalid-colour",
        Content,
        "A team or terrain kind colour not written `#rrggbb`.",
    ),
    code(
        "terrain-no-paved",
        Content,
        "The terrain file defines no `paved` kind; spaces that name no ground are paved, so it must.",
    ),
    code(
        "too-many-terrain-kinds",
        Content,
        "The terrain file defines more kinds of ground than a track can tell apart (64).",
    ),
    code(
        "enter-cost-out-of-range",
        Content,
        "A kind of ground costs outside 1-6 MP to enter; a free step would let a car run round the lap for nothing.",
    ),
    code(
        "too-many-effects",
        Content,
        "A kind of ground has more than four effects on entry.",
    ),
    code(
        "effect-out-of-range",
        Content,
        "A kind of ground's effect has a number out of range (damage is 1-6).",
    ),
    code(
        "hazard-becomes-trough",
        Content,
        "A hazard turns its space into a kind that counts as the trough; the trough lies between two jump lanes (7.14), and a hazard cannot dig one.",
    ),
    code(
        "hazard-becomes-stack",
        Content,
        "A hazard turns its space into ground where cars stack; a space that held one car at a time cannot become a stack mid-race.",
    ),
    code(
        "trough-with-effects",
        Content,
        "A kind counting as the trough has effects on entry; only a movement event puts a car there, and the event says what happens.",
    ),
    code(
        "duplicate-colour",
        Content,
        "Two teams with the same colour: their cars look alike on the board.",
    ),
    code(
        "too-few-teams",
        Content,
        "Fewer teams than the ruleset's largest field: each player needs a team.",
    ),
    code(
        "ruleset-zero",
        Content,
        "A ruleset number set to 0 (victory points, hand size...).",
    ),
    code(
        "player-range",
        Content,
        "A ruleset's player range is empty, or outside the rulebook's 2 to 10 (a warning).",
    ),
    code(
        "cars-per-team-bands",
        Content,
        "The ruleset does not say how many cars each team has for some number of players.",
    ),
    code(
        "cars-per-team-range",
        Content,
        "A ruleset gives each team 0 cars, or more than a team mat holds, for some number of players.",
    ),
    code(
        "bot-weight-not-finite",
        Content,
        "A bot profile weight that is not a finite number; a search bot's rivals_progress outside 0 to 4.",
    ),
    code(
        "bot-search-limit-out-of-range",
        Content,
        "A planner's search budget (search_limit) of no position, or of more than a million; a search bot's candidates, rollouts, horizon or play-out budget of 0 or beyond its bound.",
    ),
    code(
        "bot-restriction-unknown",
        Content,
        "A bot profile's restriction names a race card kind or a kind of ground the pack does not have: it would forbid nothing.",
    ),
    code(
        "tuning-empty",
        Content,
        "A tuning spec with no parameter to change or no objective to aim at.",
    ),
    code(
        "tuning-range",
        Content,
        "A tuning parameter with no value to try (min above max, no choices), a range the rules do not accept (a defense of 0, a card count beyond 999) or one that leaves out the pack's or mission's own value (the search starts from it), more than 1,000 parameters, or an objective's bounds that are no range.",
    ),
    code(
        "tuning-weight",
        Content,
        "A tuning objective's weight that is negative or not a number.",
    ),
    code(
        "tuning-metric",
        Content,
        "A tuning objective names a design metric that does not exist.",
    ),
    code(
        "tuning-needs-mission",
        Content,
        "A tuning spec weighs a mission's sides (SideFairShare) but names no mission.",
    ),
    code(
        "tuning-players",
        Content,
        "A tuning spec's players outside 2 to 10, or bot profiles neither one nor one per seat.",
    ),
    code(
        "tuning-budget",
        Content,
        "A tuning spec's race budget of 0 or beyond 10,000,000.",
    ),
    code(
        "tuning-files",
        Content,
        "A tuning spec's content folder or track is missing, has errors, or is the spec itself.",
    ),
    code(
        "tuning-reference",
        Content,
        "A tuning spec names a card, team, car, weapon type, bot profile or ruleset its pack does not have.",
    ),
    code(
        "turn-limit",
        Play,
        "A race reached the turn limit without a winner: something stops cars scoring.",
    ),
    code(
        "no-legal-decision",
        Play,
        "A player had to decide and no decision was legal: an engine or content bug, with the race to replay.",
    ),
    code(
        "no-legal-movement",
        Play,
        "A car lost its MP without a step while the spaces ahead were empty: the track's links strand it.",
    ),
    code(
        "crossover-loop",
        Play,
        "Twelve crossover collisions in one activation: the crossover keeps cars bouncing.",
    ),
    code(
        "play-runaway",
        Play,
        "A race did not end within a million decisions.",
    ),
    code(
        "play-setup",
        Play,
        "A race could not be set up on the content (not enough grid, teams or cards).",
    ),
    code(
        "play-content",
        Play,
        "The content to play on did not load or validate.",
    ),
    code(
        "play-stopped",
        Play,
        "The check by play was stopped (Ctrl-C) before it finished; nothing it found is reported.",
    ),
    code(
        "ground-wrecks",
        Play,
        "Ground that eliminates cars (rocks) eliminated cars on this space in the races played: check that it is where you meant it.",
    ),
    code(
        "space-never-entered",
        Play,
        "A space no car entered in any race: it may be unreachable in play.",
    ),
    code(
        "branch-never-taken",
        Play,
        "One way of a fork no car took in any race.",
    ),
    code(
        "chute-never-left",
        Play,
        "Cars went into the chute in at least 10 races and none came out.",
    ),
    code(
        "off-track-never-left",
        Play,
        "Cars went off the track in at least 10 races and none came back.",
    ),
    code(
        "race-without-winner",
        Play,
        "A race where every car was destroyed.",
    ),
    code(
        "race-length",
        Play,
        "Races last on average outside 3 to 80 turns.",
    ),
    code(
        "first-seat-advantage",
        Play,
        "The first seat wins far more than its fair share (beyond 5 standard deviations with random bots).",
    ),
    code(
        "team-win-share",
        Play,
        "A team wins far more or far less than its fair share (beyond 5 standard deviations with random bots).",
    ),
    code(
        "card-never-played",
        Play,
        "A race card kind no player ever played.",
    ),
    code("event-never-drawn", Play, "A movement event no race drew."),
    code(
        "side-never-wins",
        Play,
        "A side of the mission won none of the races played: check that it can win.",
    ),
    code(
        "objective-never-met",
        Play,
        "An objective of the mission was met in none of the races played: check that it can be.",
    ),
    code(
        "side-harms-itself",
        Play,
        "Most of the cars a side of the mission lost were destroyed by its own side's fire and collisions (random bots): forbidding friendly fire keeps its guns off its own cars.",
    ),
    code(
        "races-end-at-turn-limit",
        Play,
        "Some races of the mission ran to its turn limit; the message says how many.",
    ),
    code(
        "mission-car-in-reserve",
        Missions,
        "An objective names a car a race of the mission does not put on the track at the start (past the ruleset's cars per team on the grid, or not placed): it comes in only as a replacement.",
    ),
    code(
        "not-a-mission",
        Missions,
        "A file given as a mission holds another kind of content.",
    ),
    code(
        "mission-content",
        Missions,
        "The content folder or the track the mission names has errors (listed after it), or could not be read.",
    ),
    code(
        "unknown-ruleset",
        Missions,
        "The mission names a ruleset its content does not have.",
    ),
    code(
        "mission-too-big",
        Missions,
        "The mission has more sides or objectives than a mission may have.",
    ),
    code(
        "mission-needs-two-sides",
        Missions,
        "A mission needs at least two sides; a cooperative one puts the players on one side against a side of bots.",
    ),
    code("side-without-teams", Missions, "A side lists no team."),
    code(
        "unknown-team",
        Missions,
        "The mission names a team its content's team mats do not have.",
    ),
    code(
        "team-on-two-sides",
        Missions,
        "A team is listed on two sides (or twice on one); a team plays on one side.",
    ),
    code(
        "team-not-on-a-side",
        Missions,
        "The mission names a car (in its setup or an objective) of a team that is on none of its sides.",
    ),
    code(
        "unknown-car",
        Missions,
        "The team has no car with that roof number.",
    ),
    code(
        "mission-players-out-of-range",
        Missions,
        "A player count the mission allows is below 2 or above the teams its sides name.",
    ),
    code(
        "mission-players-not-covered",
        Missions,
        "A player count the mission allows is not covered by its ruleset.",
    ),
    code(
        "side-unseated",
        Missions,
        "At a player count the mission allows, fewer than two sides get a seat, or a side the mission needs (its objective, its car, the tie) gets none; seats go round the sides in turn.",
    ),
    code(
        "car-placed-twice",
        Missions,
        "The mission's setup places one car twice.",
    ),
    code(
        "placed-damage-too-high",
        Missions,
        "A car starts with as much damage as eliminates it.",
    ),
    code(
        "unknown-space",
        Missions,
        "The mission names a space its track does not have.",
    ),
    code(
        "no-off-track-spot",
        Missions,
        "A car is placed beside a sector that has no off-track spot on that side.",
    ),
    code(
        "space-placed-twice",
        Missions,
        "Two cars are placed on one space outside the trough.",
    ),
    code(
        "placed-cars-per-team",
        Missions,
        "With a placed setup, each seated team needs one to its cars per team on the board.",
    ),
    code(
        "deck-change-count",
        Missions,
        "A deck change moves no copies, or more than a mission may add.",
    ),
    code(
        "unknown-card",
        Missions,
        "A deck change names a card its deck does not define.",
    ),
    code(
        "deck-change-too-many",
        Missions,
        "A deck change takes out more copies of a card than the deck holds.",
    ),
    code(
        "deck-change-empties",
        Missions,
        "The mission's deck changes leave a deck with no card.",
    ),
    code(
        "mission-pool-zero",
        Missions,
        "The mission's pools hold 0 VP.",
    ),
    code(
        "turn-limit-out-of-range",
        Missions,
        "The mission's turn limit is 0 or beyond the most a mission may set.",
    ),
    code(
        "unknown-side",
        Missions,
        "An objective or the tie names a side the mission does not have.",
    ),
    code(
        "mission-without-objectives",
        Missions,
        "The mission has no objective: it plays as a race of pools with sides.",
    ),
    code(
        "objective-unreachable",
        Missions,
        "No side can ever meet the objective (0 to reach, more kills than there are cars, a turn past the limit, a side's own car to eliminate for a win or VP, another side's car to escort, no part named).",
    ),
    code(
        "objective-needs-side",
        Missions,
        "An objective that names a car (eliminate, escort) must say which side pursues it, unless it ends the race in a draw or settles it.",
    ),
    code(
        "objective-worth-nothing",
        Missions,
        "An objective is worth 0 VP, or nothing while no objective names it as a part.",
    ),
    code(
        "side-cars-range",
        Missions,
        "A side races a number of cars a team outside 1 to the ruleset's cars on a mat.",
    ),
    code(
        "side-damage-range",
        Missions,
        "A side starts its cars with damage that would eliminate them.",
    ),
    code(
        "mission-grid-too-small",
        Missions,
        "A mission's grid setup starts more cars, for a player count it allows, than its track's start holds.",
    ),
    code(
        "neutral-side-needs-bot",
        Missions,
        "A neutral side names no bot profile to play it: it is no one's to play.",
    ),
    code(
        "objective-neutral-side",
        Missions,
        "An objective, or the turn limit's tie, is given to a neutral side, which pursues and wins nothing.",
    ),
    code(
        "unknown-objective",
        Missions,
        "An objective made of others (all, any, in order) names an objective the mission does not have.",
    ),
    code(
        "objective-cycle",
        Missions,
        "An objective is a part of itself, directly or through the objectives it names.",
    ),
    code(
        "objective-part-twice",
        Missions,
        "An objective names one part twice, or an objective is a step of two sequences (a step counts after the one before it, which must be one).",
    ),
    code(
        "objective-part-side",
        Missions,
        "A part belongs to another side than the objective that names it.",
    ),
    code(
        "objective-conflict",
        Missions,
        "Two objectives met by the same event end the race in two ways (a draw and a win, a win for two sides): say which one the event means.",
    ),
    code(
        "unknown-bot-profile",
        Missions,
        "A side is played by a bot profile the content does not have.",
    ),
];

/// What `code` means, if it is a known code.
#[must_use]
pub fn meaning(code: &str) -> Option<&'static CodeMeaning> {
    CODE_BOOK.iter().find(|entry| entry.code == code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_code_is_listed_once_with_a_sentence() {
        let mut seen = std::collections::BTreeSet::new();
        for entry in CODE_BOOK {
            assert!(seen.insert(entry.code), "{} twice", entry.code);
            assert!(entry.meaning.ends_with('.'), "{}", entry.code);
        }
        assert_eq!(meaning("deck-too-small").map(|m| m.area), Some(Content));
        assert_eq!(meaning("no-such-code"), None);
    }
}
