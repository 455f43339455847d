package gridnote.opentafl;

import com.manywords.softworks.tafl.engine.DetailedMoveRecord;
import com.manywords.softworks.tafl.engine.Game;
import com.manywords.softworks.tafl.engine.GameState;
import com.manywords.softworks.tafl.engine.MoveRecord;
import com.manywords.softworks.tafl.notation.MoveSerializer;
import com.manywords.softworks.tafl.notation.PositionSerializer;
import com.manywords.softworks.tafl.notation.RulesSerializer;
import com.manywords.softworks.tafl.rules.Coord;
import com.manywords.softworks.tafl.rules.Rules;
import com.manywords.softworks.tafl.rules.Taflman;
import com.manywords.softworks.tafl.rules.Variants;

import java.io.BufferedReader;
import java.io.FileReader;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Drives OpenTafl's own rules engine (GameState, Taflman, the rules classes) and prints what it
 * decides as JSON lines: the legal moves of a position with their captures and results, perft
 * counts, and seeded random playouts. Every decision is OpenTafl's; this class only enumerates,
 * applies and prints.
 *
 * A legal move is a (piece, destination) pair where the piece belongs to the side to move,
 * the destination is in Taflman.getAllowableDestinations, and GameState.moveTaflman accepts it
 * (the last check enforces the berserk continuation). A move is applied the way the game applies
 * it (Game.advanceState): moveTaflman, then updateGameState (zobrist, side to move, berserker),
 * then the repetition table is incremented for the new position before checkVictory.
 */
public final class Harness {
    private static final PrintStream OUT = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false);

    /** Gives access to GameState.moveTaflman, which is protected. */
    static final class StepState extends GameState {
        StepState(GameState copy) {
            super(copy);
        }

        GameState step(char taflman, Coord destination) {
            return moveTaflman(taflman, destination);
        }
    }

    /** One legal move, applied to a copy of the position. */
    static final class Step {
        final Coord from;
        final Coord to;
        final GameState next;
        final MoveRecord record;
        final int result;

        Step(Coord from, Coord to, GameState next, MoveRecord record, int result) {
            this.from = from;
            this.to = to;
            this.next = next;
            this.record = record;
            this.result = result;
        }
    }

    private final Game game;
    private final Rules rules;
    private final int dim;

    Harness(Rules rules) {
        this.rules = rules;
        this.game = new Game(rules, null);
        this.dim = rules.boardSize;
    }

    // ---------------------------------------------------------------- engine use

    /** The legal moves of the position, each applied; the repetition table is left unchanged. */
    List<Step> legalSteps(GameState state) {
        List<Step> steps = new ArrayList<>();
        int v = state.checkVictory();
        if (v != GameState.GOOD_MOVE) return steps;
        List<Character> taflmen = new ArrayList<>(state.getCurrentSide().getTaflmen());
        for (char t : taflmen) {
            Coord from = state.getBoard().findTaflmanSpace(t);
            if (from == null) continue;
            List<Coord> dests = new ArrayList<>(Taflman.getAllowableDestinations(state, t));
            for (Coord to : dests) {
                Step s = apply(state, from, to);
                if (s != null) steps.add(s);
            }
        }
        steps.sort(Comparator.comparingInt((Step s) -> s.from.x).thenComparingInt(s -> s.from.y)
                .thenComparingInt(s -> s.to.x).thenComparingInt(s -> s.to.y));
        return steps;
    }

    /** Applies from-to to a copy of the state; null when OpenTafl refuses the move. */
    Step apply(GameState state, Coord from, Coord to) {
        StepState copy = new StepState(state);
        char piece = copy.getBoard().getOccupier(from);
        if (piece == Taflman.EMPTY) return null;
        GameState next = copy.step(piece, to);
        if (next.getLastMoveResult() != GameState.GOOD_MOVE) return null;
        MoveRecord record = next.getEnteringMove();
        char berserker = next.getBerserkingTaflman();
        next.updateGameState(game, copy, next.getBoard(), next.getAttackers(), next.getDefenders(), true, berserker);
        game.getRepetitions().increment(next.mZobristHash);
        int result = next.checkVictory();
        game.getRepetitions().decrement(next.mZobristHash);
        return new Step(from, to, next, record, result);
    }

    /** Plays a step for real: the new state is recorded in the game's repetition table. */
    GameState play(GameState state, Coord from, Coord to) {
        int r = state.makeMove(new MoveRecord(from, to));
        if (r < GameState.LOWEST_NONERROR_RESULT) {
            throw new IllegalArgumentException("OpenTafl refuses " + sq(from) + "-" + sq(to) + ": " + r);
        }
        return game.getCurrentState();
    }

    long perft(GameState state, int depth) {
        if (depth == 0) return 1;
        List<Step> steps = legalSteps(state);
        if (depth == 1) return steps.size();
        long n = 0;
        for (Step s : steps) {
            if (s.result != GameState.GOOD_MOVE) continue;
            game.getRepetitions().increment(s.next.mZobristHash);
            n += perft(s.next, depth - 1);
            game.getRepetitions().decrement(s.next.mZobristHash);
        }
        return n;
    }

    // ---------------------------------------------------------------- printing

    String sq(Coord c) {
        return Coord.getChessString(c);
    }

    static String outcome(int result) {
        switch (result) {
            case GameState.GOOD_MOVE: return "none";
            case GameState.ATTACKER_WIN: return "attackers";
            case GameState.DEFENDER_WIN: return "defenders";
            case GameState.DRAW: return "draw";
            default: return "error" + result;
        }
    }

    /**
     * Why OpenTafl's checkVictory decided what it decided, following the order of its checks
     * (GameState.checkVictoryInternal). OpenTafl does not record the reason, so this mirrors the
     * order: side without pieces, repetition, king escaped, king captured, defenders without an
     * empty neighbour square, edge fort, encirclement.
     */
    String reason(GameState s, int result) {
        if (result == GameState.GOOD_MOVE) return null;
        if (s.getAttackers().getTaflmen().isEmpty()) return "attackers_gone";
        if (s.getDefenders().getTaflmen().isEmpty()) return "defenders_gone";
        if (rules.threefoldRepetitionResult() != Rules.THIRD_REPETITION_IGNORED
                && s.getBerserkingTaflman() == Taflman.EMPTY
                && game.getRepetitions().getRepetitionCount(s.mZobristHash) > 2) return "repetition";
        char king = Taflman.EMPTY;
        for (char t : s.getDefenders().getTaflmen()) if (Taflman.isKing(t)) king = t;
        if (king == Taflman.EMPTY) return "king_captured";
        Coord k = s.getBoard().findTaflmanSpace(king);
        if (rules.getEscapeType() == Rules.EDGES && s.getBoard().isEdgeSpace(k)) return "edge_escape";
        if (rules.getEscapeType() == Rules.CORNERS && rules.getCornerSpaces().contains(k)) return "corner_escape";
        if (result == GameState.ATTACKER_WIN) {
            boolean free = false;
            for (char t : s.getDefenders().getTaflmen()) {
                Coord c = s.getBoard().findTaflmanSpace(t);
                for (Coord a : s.getBoard().getAdjacentSpaces(c)) {
                    if (s.getBoard().getOccupier(a) == Taflman.EMPTY) free = true;
                }
            }
            return free ? "encircled" : "defenders_immobile";
        }
        return "edge_fort";
    }

    String side(GameState s) {
        return s.getCurrentSide().isAttackingSide() ? "a" : "d";
    }

    String position(GameState s) {
        return PositionSerializer.getPositionRecord(s.getBoard());
    }

    String otnMove(Step s) {
        if (s.record instanceof DetailedMoveRecord) {
            return MoveSerializer.getMoveRecord((DetailedMoveRecord) s.record);
        }
        return sq(s.from) + "-" + sq(s.to);
    }

    /** Every square the move captured, in OpenTafl's order (custodial, then shieldwall, then Linnaean). */
    String captures(Step s) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < s.record.captures.size(); i++) {
            if (i > 0) b.append(',');
            b.append(q(sq(s.record.captures.get(i))));
        }
        return b.append(']').toString();
    }

    String stepJson(Step s, boolean withPosition) {
        StringBuilder b = new StringBuilder();
        b.append("{\"move\":").append(q(otnMove(s)));
        b.append(",\"from\":").append(q(sq(s.from))).append(",\"to\":").append(q(sq(s.to)));
        b.append(",\"captures\":").append(captures(s));
        if (withPosition) b.append(",\"position\":").append(q(position(s.next)));
        b.append(",\"ends\":").append(q(outcome(s.result)));
        String why = reasonAfter(s);
        if (why != null) b.append(",\"reason\":").append(q(why));
        if (s.result == GameState.GOOD_MOVE) {
            b.append(",\"next\":").append(q(side(s.next)));
            if (s.next.getBerserkingTaflman() != Taflman.EMPTY) {
                b.append(",\"berserker\":").append(q(sq(s.next.getBoard().findTaflmanSpace(s.next.getBerserkingTaflman()))));
            }
        }
        return b.append('}').toString();
    }

    String reasonAfter(Step s) {
        if (s.result == GameState.GOOD_MOVE) return null;
        game.getRepetitions().increment(s.next.mZobristHash);
        String r = reason(s.next, s.result);
        game.getRepetitions().decrement(s.next.mZobristHash);
        return r;
    }

    String stateJson(GameState s, List<Step> steps, boolean full) {
        StringBuilder b = new StringBuilder();
        b.append("{\"position\":").append(q(position(s)));
        b.append(",\"to_move\":").append(q(side(s)));
        if (s.getBerserkingTaflman() != Taflman.EMPTY) {
            b.append(",\"berserker\":").append(q(sq(s.getBoard().findTaflmanSpace(s.getBerserkingTaflman()))));
        }
        int v = s.checkVictory();
        b.append(",\"outcome\":").append(q(outcome(v)));
        String why = reason(s, v);
        if (why != null) b.append(",\"reason\":").append(q(why));
        b.append(",\"count\":").append(steps.size());
        b.append(",\"moves\":[");
        for (int i = 0; i < steps.size(); i++) {
            if (i > 0) b.append(',');
            b.append(stepJson(steps.get(i), full));
        }
        return b.append("]}").toString();
    }

    static String q(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') b.append('\\');
            b.append(c);
        }
        return b.append('"').toString();
    }

    // ---------------------------------------------------------------- setup

    static final Pattern MOVE = Pattern.compile("[tcnkmgTCNKMG]?([a-z][0-9]{1,2})[-^=]{1,2}([a-z][0-9]{1,2}).*");

    /** Plays a space-separated list of moves (OTN move notation; captures and markers ignored). */
    GameState playMoves(GameState state, String moves) {
        if (moves == null || moves.trim().isEmpty()) return state;
        for (String m : moves.trim().split("\\s+")) {
            Matcher mm = MOVE.matcher(m);
            if (!mm.matches()) throw new IllegalArgumentException("not a move: " + m);
            Coord from = Coord.get(mm.group(1));
            Coord to = Coord.get(mm.group(2));
            if (state.checkVictory() != GameState.GOOD_MOVE) throw new IllegalArgumentException("game over before " + m);
            state = play(state, from, to);
        }
        return state;
    }

    /**
     * Loads rules: a whole OTN rules record, or builtin:N for OpenTafl's N-th hard-coded variant
     * (Variants.hardcodedRules, 1-based) as the Java class, not loaded from its record.
     * A position record replaces the record's start; a side sets atkf (OpenTafl's own way of
     * pasting a position as a rules record, GameState.getPasteableRulesString).
     */
    static Rules loadRules(String spec, String position, String sideToMove) throws Exception {
        if (spec.startsWith("builtin:")) {
            if (position != null || sideToMove != null) throw new IllegalArgumentException("builtin rules take no position or side");
            int i = Integer.parseInt(spec.substring(8)) - 1;
            return freshBuiltin(i);
        }
        String record = spec.trim();
        if (position != null) record = replaceField(record, "start", position.trim());
        if (sideToMove != null) record = replaceField(record, "atkf", sideToMove.equals("a") ? "y" : "n");
        Rules r = RulesSerializer.loadRulesRecord(record);
        if (r == null) throw new IllegalArgumentException("OpenTafl loads no rules from " + record);
        return r;
    }

    static Rules freshBuiltin(int i) {
        switch (i) {
            case 0: return com.manywords.softworks.tafl.rules.seabattle.SeaBattle.newSeaBattle9();
            case 1: return com.manywords.softworks.tafl.rules.fetlar.Fetlar.newFetlar11();
            case 2: return com.manywords.softworks.tafl.rules.copenhagen.Copenhagen.newCopenhagen11();
            case 3: return com.manywords.softworks.tafl.rules.copenhagen.Copenhagen.newCopenhagen11RelaxedShieldwall();
            case 4: return com.manywords.softworks.tafl.rules.berserk.Berserk.newBerserk11();
            case 5: return com.manywords.softworks.tafl.rules.brandub.Brandub.newBrandub7();
            case 6: return com.manywords.softworks.tafl.rules.tawlbwrdd.Tawlbwrdd.newTawlbwrdd11();
            case 7: return com.manywords.softworks.tafl.rules.tablut.Tablut.newTablut9();
            case 8: return com.manywords.softworks.tafl.rules.tablut.FotevikenTablut.newFotevikenTablut9();
            case 9: return com.manywords.softworks.tafl.rules.brandub.Magpie.newMagpie7();
            default: throw new IllegalArgumentException("no builtin " + (i + 1));
        }
    }

    static String replaceField(String record, String key, String value) {
        List<String> out = new ArrayList<>();
        boolean done = false;
        for (String f : record.split(" ")) {
            if (f.isEmpty()) continue;
            String k = f.contains(":") ? f.substring(0, f.indexOf(':')) : f;
            if (key.equals("start") && (k.equals("start") || k.equals("starti"))) {
                if (!done) out.add("start:" + value);
                done = true;
            } else if (k.equals(key)) {
                if (!done) out.add(key + ":" + value);
                done = true;
            } else {
                out.add(f);
            }
        }
        if (!done) {
            // OpenTafl's records end with start; keep it last.
            int at = out.size();
            for (int i = 0; i < out.size(); i++) if (out.get(i).startsWith("start")) at = i;
            out.add(at, key + ":" + value);
        }
        return String.join(" ", out);
    }

    // ---------------------------------------------------------------- commands

    static Map<String, String> options(String[] args, int from) {
        Map<String, String> o = new LinkedHashMap<>();
        for (int i = from; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("--")) throw new IllegalArgumentException("unexpected argument " + a);
            String k = a.substring(2);
            if (k.equals("divide") || k.equals("full")) {
                o.put(k, "y");
            } else {
                if (i + 1 >= args.length) throw new IllegalArgumentException("--" + k + " needs a value");
                o.put(k, args[++i]);
            }
        }
        return o;
    }

    public static void main(String[] args) throws Exception {
        Coord.initialize();
        if (args.length < 1) {
            usage();
            return;
        }
        String cmd = args[0];
        try {
            switch (cmd) {
                case "records":
                    records(args.length > 1 ? args[1] : null);
                    break;
                case "moves":
                    moves(args);
                    break;
                case "perft":
                    perftCmd(args);
                    break;
                case "playout":
                    playout(args);
                    break;
                case "speed":
                    speed(args);
                    break;
                case "batch":
                    batch();
                    break;
                case "replay":
                    replay(args[1]);
                    break;
                case "rewrite":
                    // The record as OpenTafl writes it back after loading it.
                    OUT.println(RulesSerializer.getRulesRecord(RulesSerializer.loadRulesRecord(args[1]), false));
                    break;
                case "compare":
                    compare(args);
                    break;
                case "testrecords":
                    testRecords();
                    break;
                default:
                    usage();
                    System.exit(2);
            }
        } finally {
            OUT.flush();
        }
    }

    static void usage() {
        System.err.println("usage: Harness records [EXTERNAL_RULES_CONF]\n"
                + "       Harness moves RULES [--position P] [--side a|d] [--moves 'M1 M2 ..'] [--full]\n"
                + "       Harness perft RULES [--position P] [--side a|d] [--moves ..] --depth N [--divide]\n"
                + "       Harness playout RULES --seed S [--games G] [--max-plies N] [--full]\n"
                + "       Harness speed RULES [--position P] [--side a|d] [--moves ..] --depth N [--repeat R]\n"
                + "       Harness rewrite RULES   (the record as OpenTafl writes it back after loading it)\n"
                + "       Harness replay GAME.otg (the main line through the engine)\n"
                + "       Harness compare builtin:N [--record R] [--seed S] [--games G] [--max-plies N]\n"
                + "       Harness testrecords\n"
                + "       Harness batch   (JSON-free requests on stdin: one per line, fields separated by tabs:\n"
                + "                        RULES<TAB>POSITION or -<TAB>SIDE or -<TAB>MOVES or -<TAB>PERFT_DEPTH)\n"
                + "RULES is an OTN rules record or builtin:N (OpenTafl's N-th hard-coded variant class).");
    }

    static Harness setup(String[] args, Map<String, String> o) throws Exception {
        Rules r = loadRules(args[1], o.get("position"), o.get("side"));
        return new Harness(r);
    }

    static void records(String external) throws IOException {
        List<String> descriptions = Variants.hardcodedDescriptions;
        for (int i = 0; i < descriptions.size(); i++) {
            Rules r = freshBuiltin(i);
            String rec = RulesSerializer.getRulesRecord(r, false);
            OUT.println("{\"source\":\"builtin\",\"index\":" + (i + 1) + ",\"description\":" + q(descriptions.get(i))
                    + ",\"name\":" + q(r.getName()) + ",\"record\":" + q(rec) + "}");
        }
        if (external == null) return;
        try (BufferedReader br = new BufferedReader(new FileReader(external))) {
            String line;
            int n = 0;
            while ((line = br.readLine()) != null) {
                if (line.trim().isEmpty()) continue;
                n++;
                try {
                    Rules r = RulesSerializer.loadRulesRecord(line);
                    String rec = RulesSerializer.getRulesRecord(r, false);
                    OUT.println("{\"source\":\"external\",\"index\":" + n + ",\"name\":" + q(r.getName())
                            + ",\"line\":" + q(line) + ",\"record\":" + q(rec) + "}");
                } catch (Exception e) {
                    OUT.println("{\"source\":\"external\",\"index\":" + n + ",\"line\":" + q(line) + ",\"error\":" + q(e.toString()) + "}");
                }
            }
        }
    }

    /**
     * Plays seeded random games under the rules loaded from a built-in variant's record and
     * replays each move under the variant's hard-coded Java class, printing every ply where the
     * two disagree (legal moves, captures, positions or outcomes).
     */
    static void compare(String[] args) throws Exception {
        Map<String, String> o = options(args, 2);
        int index = Integer.parseInt(args[1].substring(8));
        long seed = Long.parseLong(o.getOrDefault("seed", "1"));
        int games = Integer.parseInt(o.getOrDefault("games", "1"));
        int maxPlies = Integer.parseInt(o.getOrDefault("max-plies", "200"));
        String record = o.containsKey("record") ? o.get("record") : RulesSerializer.getRulesRecord(freshBuiltin(index - 1), false);
        int differing = 0, plies = 0;
        for (int g = 0; g < games; g++) {
            Harness a = new Harness(RulesSerializer.loadRulesRecord(record));
            Harness b = new Harness(freshBuiltin(index - 1));
            Random rnd = new Random(seed + g);
            GameState sa = a.game.getCurrentState(), sb = b.game.getCurrentState();
            String played = "";
            for (int ply = 0; ply < maxPlies; ply++) {
                List<Step> la = a.legalSteps(sa), lb = b.legalSteps(sb);
                String ja = a.stateJson(sa, la, true), jb = b.stateJson(sb, lb, true);
                plies++;
                if (!ja.equals(jb)) {
                    differing++;
                    List<String> ma = new ArrayList<>(), mb = new ArrayList<>();
                    for (Step st : la) ma.add(a.stepJson(st, true));
                    for (Step st : lb) mb.add(b.stepJson(st, true));
                    List<String> onlyA = new ArrayList<>(ma), onlyB = new ArrayList<>(mb);
                    onlyA.removeAll(mb);
                    onlyB.removeAll(ma);
                    OUT.println("{\"game\":" + (seed + g) + ",\"ply\":" + ply + ",\"moves_from_start\":" + q(played.trim())
                            + ",\"position\":" + q(a.position(sa)) + ",\"to_move\":" + q(a.side(sa))
                            + ",\"outcome_record\":" + q(outcome(sa.checkVictory())) + ",\"outcome_class\":" + q(outcome(sb.checkVictory()))
                            + ",\"only_record\":[" + String.join(",", onlyA) + "],\"only_class\":[" + String.join(",", onlyB) + "]}");
                    OUT.flush();
                    break;
                }
                if (la.isEmpty()) break;
                Step pick = la.get(rnd.nextInt(la.size()));
                sa = a.play(sa, pick.from, pick.to);
                sb = b.play(sb, pick.from, pick.to);
                played += " " + a.sq(pick.from) + "-" + a.sq(pick.to);
            }
        }
        OUT.println("{\"variant\":" + index + ",\"games\":" + games + ",\"plies_compared\":" + plies + ",\"games_differing\":" + differing + "}");
    }

    /**
     * Replays the main line of an OTN game record (.otg) through the engine: per move, the
     * move as the record writes it, as OpenTafl's engine writes it, and every capture the
     * engine makes; then the outcome. Stops at the first move the engine refuses.
     */
    static void replay(String file) throws Exception {
        com.manywords.softworks.tafl.notation.GameSerializer.GameContainer c =
                com.manywords.softworks.tafl.notation.GameSerializer.loadGameRecordFile(new java.io.File(file));
        String record = RulesSerializer.getRulesRecord(c.game.getRules(), false);
        Harness h = new Harness(RulesSerializer.loadRulesRecord(record));
        GameState s = h.game.getCurrentState();
        OUT.println("{\"file\":" + q(new java.io.File(file).getName()) + ",\"rules\":" + q(record)
                + ",\"moves\":" + c.moves.size() + ",\"variations\":" + (c.variations == null ? 0 : c.variations.size()) + "}");
        int ply = 0;
        for (DetailedMoveRecord m : c.moves) {
            ply++;
            String written = MoveSerializer.getMoveRecord(m);
            Step st = s.checkVictory() == GameState.GOOD_MOVE ? h.apply(s, m.start, m.end) : null;
            if (st == null) {
                OUT.println("{\"ply\":" + ply + ",\"record\":" + q(written) + ",\"refused\":true,\"outcome\":" + q(outcome(s.checkVictory())) + "}");
                return;
            }
            OUT.println("{\"ply\":" + ply + ",\"side\":" + q(h.side(s)) + ",\"record\":" + q(written) + ",\"engine\":" + q(h.otnMove(st))
                    + ",\"captures\":" + h.captures(st) + "}");
            s = h.play(s, m.start, m.end);
        }
        int v = s.checkVictory();
        String why = h.reason(s, v);
        OUT.println("{\"end\":" + q(outcome(v)) + (why != null ? ",\"reason\":" + q(why) : "") + ",\"position\":" + q(h.position(s))
                + ",\"to_move\":" + q(h.side(s)) + "}");
    }

    /** The rules records of the test set-ups OpenTafl builds as Java classes for its own tests. */
    static void testRecords() {
        String[] names = {
            "Brandub.newAiMoveRepetitionTest", "Brandub.newAiTwoCornerEscapeTest", "Brandub.newAiCertainKingCaptureTest",
            "Berserk.newCommanderCaptureKingTest", "Berserk.newCommanderCornerCaptureKingTest", "Berserk.newJumpCaptureBerserkerTest",
            "Fetlar.newFetlarTest", "Tablut.newCenterKingCaptureTest", "FotevikenTablut.newCenterKingCaptureTest",
            "SeaBattle.newStrongKingTest", "SeaBattle.newEncirclementTest", "SeaBattle.newAiTwoEdgeEscapeTest",
            "Copenhagen.newShieldwallTest", "Copenhagen.newStrictShieldwallTest", "Copenhagen.newLargeEdgeFortTest",
            "Copenhagen.newLargeEdgeFortFailedTest",
        };
        Rules[] rules = {
            com.manywords.softworks.tafl.rules.brandub.Brandub.newAiMoveRepetitionTest(),
            com.manywords.softworks.tafl.rules.brandub.Brandub.newAiTwoCornerEscapeTest(),
            com.manywords.softworks.tafl.rules.brandub.Brandub.newAiCertainKingCaptureTest(),
            com.manywords.softworks.tafl.rules.berserk.Berserk.newCommanderCaptureKingTest(),
            com.manywords.softworks.tafl.rules.berserk.Berserk.newCommanderCornerCaptureKingTest(),
            com.manywords.softworks.tafl.rules.berserk.Berserk.newJumpCaptureBerserkerTest(),
            com.manywords.softworks.tafl.rules.fetlar.Fetlar.newFetlarTest(),
            com.manywords.softworks.tafl.rules.tablut.Tablut.newCenterKingCaptureTest(),
            com.manywords.softworks.tafl.rules.tablut.FotevikenTablut.newCenterKingCaptureTest(),
            com.manywords.softworks.tafl.rules.seabattle.SeaBattle.newStrongKingTest(),
            com.manywords.softworks.tafl.rules.seabattle.SeaBattle.newEncirclementTest(),
            com.manywords.softworks.tafl.rules.seabattle.SeaBattle.newAiTwoEdgeEscapeTest(),
            com.manywords.softworks.tafl.rules.copenhagen.Copenhagen.newShieldwallTest(),
            com.manywords.softworks.tafl.rules.copenhagen.Copenhagen.newStrictShieldwallTest(),
            com.manywords.softworks.tafl.rules.copenhagen.Copenhagen.newLargeEdgeFortTest(),
            com.manywords.softworks.tafl.rules.copenhagen.Copenhagen.newLargeEdgeFortFailedTest(),
        };
        for (int i = 0; i < names.length; i++) {
            OUT.println("{\"source\":" + q(names[i]) + ",\"record\":" + q(RulesSerializer.getRulesRecord(rules[i], false)) + "}");
        }
    }

    static void moves(String[] args) throws Exception {
        Map<String, String> o = options(args, 2);
        Harness h = setup(args, o);
        GameState s = h.playMoves(h.game.getCurrentState(), o.get("moves"));
        OUT.println(h.stateJson(s, h.legalSteps(s), true));
    }

    static void perftCmd(String[] args) throws Exception {
        Map<String, String> o = options(args, 2);
        Harness h = setup(args, o);
        GameState s = h.playMoves(h.game.getCurrentState(), o.get("moves"));
        int depth = Integer.parseInt(o.getOrDefault("depth", "1"));
        if (o.containsKey("divide") && depth >= 1) {
            for (Step st : h.legalSteps(s)) {
                long n = 1;
                if (depth > 1) {
                    if (st.result != GameState.GOOD_MOVE) {
                        n = 0;
                    } else {
                        h.game.getRepetitions().increment(st.next.mZobristHash);
                        n = h.perft(st.next, depth - 1);
                        h.game.getRepetitions().decrement(st.next.mZobristHash);
                    }
                }
                OUT.println("{\"move\":" + q(h.otnMove(st)) + ",\"nodes\":" + n + "}");
            }
        }
        for (int d = 1; d <= depth; d++) {
            long t0 = System.nanoTime();
            long n = h.perft(s, d);
            long t1 = System.nanoTime();
            OUT.println("{\"depth\":" + d + ",\"nodes\":" + n + "}");
            System.err.println("depth " + d + ": " + n + " nodes in " + ((t1 - t0) / 1_000_000) + " ms");
            OUT.flush();
        }
    }

    static void speed(String[] args) throws Exception {
        Map<String, String> o = options(args, 2);
        Harness h = setup(args, o);
        GameState s = h.playMoves(h.game.getCurrentState(), o.get("moves"));
        int depth = Integer.parseInt(o.getOrDefault("depth", "3"));
        int repeat = Integer.parseInt(o.getOrDefault("repeat", "3"));
        for (int i = 0; i < repeat; i++) {
            long t0 = System.nanoTime();
            long n = h.perft(s, depth);
            long t1 = System.nanoTime();
            double secs = (t1 - t0) / 1e9;
            OUT.println("{\"run\":" + (i + 1) + ",\"depth\":" + depth + ",\"nodes\":" + n
                    + ",\"seconds\":" + String.format("%.3f", secs) + ",\"nodes_per_second\":" + Math.round(n / secs) + "}");
            OUT.flush();
        }
    }

    /**
     * Seeded random games: every ply picks uniformly (java.util.Random(seed + game)) among the
     * legal moves sorted by (from file, from rank, to file, to rank). One line per game header,
     * one per ply, one per end.
     */
    static void playout(String[] args) throws Exception {
        Map<String, String> o = options(args, 2);
        long seed = Long.parseLong(o.getOrDefault("seed", "1"));
        int games = Integer.parseInt(o.getOrDefault("games", "1"));
        int maxPlies = Integer.parseInt(o.getOrDefault("max-plies", "200"));
        boolean full = o.containsKey("full");
        String label = o.getOrDefault("label", "");
        for (int g = 0; g < games; g++) {
            Harness h = setup(args, o);
            Random rnd = new Random(seed + g);
            GameState s = h.playMoves(h.game.getCurrentState(), o.get("moves"));
            OUT.println("{\"game\":" + (seed + g) + (label.isEmpty() ? "" : ",\"variant\":" + q(label))
                    + ",\"start\":" + q(h.position(s)) + ",\"to_move\":" + q(h.side(s)) + "}");
            int ply = 0;
            String played = "";
            while (true) {
                List<Step> steps = h.legalSteps(s);
                int v = s.checkVictory();
                if (v != GameState.GOOD_MOVE || steps.isEmpty() || ply >= maxPlies) {
                    String why = h.reason(s, v);
                    OUT.println("{\"game\":" + (seed + g) + ",\"end\":" + q(v == GameState.GOOD_MOVE
                            ? (steps.isEmpty() ? "no_moves" : "max_plies") : outcome(v))
                            + (why != null ? ",\"reason\":" + q(why) : "")
                            + ",\"plies\":" + ply + ",\"position\":" + q(h.position(s)) + ",\"to_move\":" + q(h.side(s))
                            + ",\"moves\":" + q(played.trim()) + "}");
                    break;
                }
                Step pick = steps.get(rnd.nextInt(steps.size()));
                StringBuilder b = new StringBuilder();
                b.append("{\"game\":").append(seed + g).append(",\"ply\":").append(ply + 1);
                b.append(",\"side\":").append(q(h.side(s)));
                b.append(",\"legal\":").append(steps.size());
                if (full) {
                    b.append(",\"moves\":[");
                    for (int i = 0; i < steps.size(); i++) {
                        if (i > 0) b.append(',');
                        b.append(q(h.otnMove(steps.get(i))));
                    }
                    b.append(']');
                }
                // Every capturing move as from-to, "x", and every square it captures
                // ("/"-separated, shieldwall and Linnaean captures included).
                StringBuilder caps = new StringBuilder("[");
                for (Step st : steps) {
                    if (!st.record.captures.isEmpty()) {
                        if (caps.length() > 1) caps.append(',');
                        StringBuilder c = new StringBuilder(h.sq(st.from) + "-" + h.sq(st.to) + "x");
                        for (int i = 0; i < st.record.captures.size(); i++) {
                            if (i > 0) c.append('/');
                            c.append(h.sq(st.record.captures.get(i)));
                        }
                        caps.append(q(c.toString()));
                    }
                }
                b.append(",\"capturing\":").append(caps).append(']');
                b.append(",\"move\":").append(q(h.otnMove(pick)));
                b.append(",\"captures\":").append(h.captures(pick));
                s = h.play(s, pick.from, pick.to);
                b.append(",\"position\":").append(q(h.position(s)));
                if (s.getBerserkingTaflman() != Taflman.EMPTY) {
                    b.append(",\"berserker\":").append(q(h.sq(s.getBoard().findTaflmanSpace(s.getBerserkingTaflman()))));
                }
                int after = s.checkVictory();
                if (after != GameState.GOOD_MOVE) b.append(",\"outcome\":").append(q(outcome(after)));
                String why = h.reason(s, after);
                if (why != null) b.append(",\"reason\":").append(q(why));
                b.append('}');
                OUT.println(b);
                played += " " + h.sq(pick.from) + "-" + h.sq(pick.to);
                ply++;
            }
            OUT.flush();
        }
    }

    /**
     * Requests on stdin, one per line, tab-separated: RULES, POSITION (or -), SIDE (or -),
     * MOVES (or -), PERFT DEPTH (or -). Prints the moves object, with "perft":[n1,..] when a
     * depth is given, or {"error":...}.
     */
    static void batch() throws IOException {
        BufferedReader br = new BufferedReader(new java.io.InputStreamReader(System.in));
        String line;
        while ((line = br.readLine()) != null) {
            if (line.trim().isEmpty()) continue;
            String[] f = line.split("\t", -1);
            try {
                String pos = f.length > 1 && !f[1].equals("-") && !f[1].isEmpty() ? f[1] : null;
                String sd = f.length > 2 && !f[2].equals("-") && !f[2].isEmpty() ? f[2] : null;
                String mv = f.length > 3 && !f[3].equals("-") ? f[3] : null;
                int depth = f.length > 4 && !f[4].equals("-") && !f[4].isEmpty() ? Integer.parseInt(f[4]) : 0;
                Harness h = new Harness(loadRules(f[0], pos, sd));
                GameState s = h.playMoves(h.game.getCurrentState(), mv);
                String j = h.stateJson(s, h.legalSteps(s), true);
                if (depth > 0) {
                    StringBuilder p = new StringBuilder(",\"perft\":[");
                    for (int d = 1; d <= depth; d++) {
                        if (d > 1) p.append(',');
                        p.append(h.perft(s, d));
                    }
                    j = j.substring(0, j.length() - 1) + p + "]}";
                }
                OUT.println(j);
            } catch (Exception e) {
                OUT.println("{\"error\":" + q(e.toString()) + "}");
            }
            OUT.flush();
        }
    }
}
