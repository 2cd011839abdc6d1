// SPDX-License-Identifier: MIT OR Apache-2.0
//
// I18nTable: prints which component attributes and which trait fields a VASSAL build translates
// (into a module's Module_<lang>.properties): the rows of the table `vmodc translate` reads,
// src/translate/vassal_i18n_3.7.26.txt, parsed by src/translate/table.rs (see docs/translate.md).
//
// This file is vmodc's own code, under vmodc's licence (MIT OR Apache-2.0, the `license` of
// Cargo.toml). It contains no VASSAL code: it loads a VASSAL build's compiled classes and asks
// them, by reflection, what they translate.
//
// Compile and run it against a local VASSAL build: VASSAL's compiled classes (a directory, with
// VASSAL's resources) or its jar, and the jars VASSAL depends on. OUT is any scratch directory
// outside the repository. It opens an empty module, whose window needs a display: on a machine
// without one, run java under `xvfb-run -a`.
//
//   VASSAL_CLASSPATH="CLASSES_DIR_OR_VASSAL_JAR:DEPENDENCY.jar:..."     # joined with ':'
//   javac -cp "$VASSAL_CLASSPATH" -d OUT tools/vassal-i18n-table/I18nTable.java
//   xvfb-run -a java -cp "OUT:$VASSAL_CLASSPATH" I18nTable CLASSES_DIR_OR_VASSAL_JAR > rows.txt
//
// The rows go to standard output; what it leaves out, and why, to standard error. To regenerate
// the table: keep its `#` header, put rows.txt's `component` rows first, then the table's
// `# by hand:` rows as they are (written from VASSAL's source for what this tool does not read:
// GameModule and BasicModule have no no-arg constructor; BoardPicker, GlobalMap and
// HidePiecesButton are Configurables but not AbstractConfigurables; PieceSlot, CardSlot and
// PrototypeDefinition translate their piece's texts), then rows.txt's `trait` rows. For VASSAL
// 3.7.26, rows.txt is the table's rows without the by-hand ones, plus six `*Preference` rows
// (VASSAL.preferences) that the table does not have.
//
// What it reads: every public, concrete class of VASSAL.build (and below), VASSAL.counters,
// VASSAL.i18n and VASSAL.preferences, built with its public no-arg constructor.
//
// - `component <SimpleName> <prefix> <configure-name attribute or -> <attributes>`, sorted by
//   SimpleName, for every AbstractConfigurable but VassalTranslation (VASSAL's translation of
//   itself, never part of a module). <attributes>: its getI18nData().getAttributeKeys(), sorted,
//   comma-separated, empty (after the last space) when none. <prefix>, from
//   getI18nData().getPrefix(): "none" for "", "name" for a prefix ending in a dot
//   (AbstractConfigurable.getI18nPrefix's `SimpleName.` or `SimpleName.<configure name>.`; also
//   the "Piece." of a piece slot or prototype, whose by-hand row says "piece"), "=TEXT" for a
//   fixed TEXT without a dot. The configure-name attribute: the attribute which, set alone on a
//   fresh instance to a marker, puts that marker into getConfigureName() ("-" when none does).
//   A component whose prefix keeps the name it had in its constructor instead of following its
//   configure name is reported on standard error.
// - `trait <ID> <SimpleName> <field:kind,...>` (or `-`), sorted by ID: every TranslatablePiece
//   (what ComponentI18nData reads a piece's texts from) with a static ID. The trait is given a
//   probe type, its ID then fields joined by VASSAL's SequenceEncoder with ';', every field a
//   distinct marker, and asked getI18nData(). Field i (counted from 0 after the ID) is
//   translated "whole" when the field's text comes back as it is, "list" when each element of a
//   comma list comes back, "heads" when the first colon part of each comma-list element comes
//   back (Dynamic Property commands). A trait that cannot read a marker (a number, an enumeration)
//   throws an exception naming it; that field is then given "2", or else an empty text, until the
//   trait reads the probe (so a Can Rotate reads as one with two angles; with one, its fields
//   move, see table.rs). Two classes with one ID (Embellishment and the pre-3.2 Embellishment0)
//   give one row, the first by name, when they read the same fields.

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import javax.swing.JFrame;
import javax.swing.JMenuBar;

import VASSAL.build.AbstractConfigurable;
import VASSAL.build.Configurable;
import VASSAL.build.GameModule;
import VASSAL.counters.BasicPiece;
import VASSAL.counters.Decorator;
import VASSAL.i18n.ComponentI18nData;
import VASSAL.i18n.PieceI18nData;
import VASSAL.i18n.TranslatablePiece;
import VASSAL.tools.DataArchive;
import VASSAL.tools.SequenceEncoder;
import VASSAL.tools.menu.MenuBarProxy;
import VASSAL.tools.menu.MenuManager;

public class I18nTable {
  /** Where a module's components are. */
  private static final String[] PACKAGES = {
    "VASSAL/build/", "VASSAL/counters/", "VASSAL/i18n/", "VASSAL/preferences/"
  };
  /** Fields given to every probe trait, more than any trait reads. */
  private static final int FIELDS = 40;
  /** What a field that takes no marker is given instead, in this order. */
  private static final String[] NOT_TEXT = {"2", ""};

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println(
        "usage: java -cp OUT:VASSAL_CLASSPATH I18nTable CLASSES_DIR_OR_VASSAL_JAR > rows.txt");
      System.exit(2);
    }
    // VASSAL logs to standard output: only the rows go there.
    final PrintStream out = System.out;
    System.setOut(System.err);
    installModule();
    final TreeMap<String, String> components = new TreeMap<>();
    final TreeMap<String, List<String>> traits = new TreeMap<>();
    for (final String name : classNames(new File(args[0]))) {
      final Class<?> c;
      try {
        c = Class.forName(name, false, I18nTable.class.getClassLoader());
      }
      catch (Throwable t) {
        continue;
      }
      final int m = c.getModifiers();
      if (c.isInterface() || Modifier.isAbstract(m) || !Modifier.isPublic(m)) {
        continue;
      }
      if (AbstractConfigurable.class.isAssignableFrom(c)) {
        if (c.getName().equals("VASSAL.i18n.VassalTranslation")) {
          note(c, "VASSAL's translation of itself, not a module's component");
          continue;
        }
        final String row = componentRow(c);
        if (row != null) {
          components.put(c.getSimpleName() + " " + c.getName(), row);
        }
      }
      else if (Configurable.class.isAssignableFrom(c)) {
        note(c, "a Configurable but not an AbstractConfigurable: its row is written by hand");
      }
      if (TranslatablePiece.class.isAssignableFrom(c)) {
        final String row = traitRow(c);
        if (row != null) {
          final String id = row.split(" ")[1];
          traits.computeIfAbsent(id, k -> new ArrayList<>()).add(row);
        }
      }
    }
    components.values().forEach(out::println);
    for (final List<String> rows : traits.values()) {
      // rows of one ID, by class name
      Collections.sort(rows);
      final Set<String> fields = new HashSet<>();
      for (final String row : rows) {
        fields.add(row.substring(row.lastIndexOf(' ')));
      }
      if (fields.size() == 1) {
        out.println(rows.get(0));
        for (final String row : rows.subList(1, rows.size())) {
          System.err.println("same ID, same fields as " + rows.get(0) + ": " + row);
        }
      }
      else {
        System.err.println("one ID, different fields (decide which): " + rows);
        rows.forEach(out::println);
      }
    }
    out.flush();
    // Some constructors start timers; they must not keep the JVM alive.
    System.exit(0);
  }

  static void note(Class<?> c, String why) {
    System.err.println("left out " + c.getName() + ": " + why);
  }

  /**
   * Many components' constructors register with the running module (GameModule.getGameModule())
   * and its game state: give them an empty module, unbuilt, over an empty archive.
   */
  static void installModule() {
    try {
      new Menus();
      final GameModule module = new GameModule(new DataArchive() { });
      final Field the = GameModule.class.getDeclaredField("theModule");
      the.setAccessible(true);
      the.set(null, module);
      final Method state = GameModule.class.getDeclaredMethod("initGameState");
      state.setAccessible(true);
      state.invoke(module);
    }
    catch (Throwable t) {
      System.err.println("no module (is there a display? try xvfb-run -a): " + t);
    }
  }

  /** The module's window asks for its menu bar. */
  static class Menus extends MenuManager {
    private final MenuBarProxy bar = new MenuBarProxy();

    @Override
    public JMenuBar getMenuBarFor(JFrame frame) {
      return bar.createPeer();
    }

    @Override
    public MenuBarProxy getMenuBarProxyFor(JFrame frame) {
      return bar;
    }
  }

  /** The binary names of the classes of PACKAGES in a classes directory or a jar, sorted. */
  static List<String> classNames(File root) throws IOException {
    final List<String> paths = new ArrayList<>();
    if (root.isDirectory()) {
      walk(root, "", paths);
    }
    else {
      try (JarFile jar = new JarFile(root)) {
        for (final JarEntry e : Collections.list(jar.entries())) {
          paths.add(e.getName());
        }
      }
    }
    final List<String> names = new ArrayList<>();
    for (final String p : paths) {
      for (final String pkg : PACKAGES) {
        if (p.startsWith(pkg) && p.endsWith(".class")) {
          names.add(p.substring(0, p.length() - ".class".length()).replace('/', '.'));
        }
      }
    }
    Collections.sort(names);
    return names;
  }

  private static void walk(File dir, String prefix, List<String> out) {
    final File[] files = dir.listFiles();
    if (files == null) {
      return;
    }
    for (final File f : files) {
      if (f.isDirectory()) {
        walk(f, prefix + f.getName() + "/", out);
      }
      else {
        out.add(prefix + f.getName());
      }
    }
  }

  /** A new instance by the public no-arg constructor, or null when there is none or it throws. */
  static Object build(Class<?> c) {
    try {
      final Constructor<?> k = c.getConstructor();
      return k.newInstance();
    }
    catch (Throwable t) {
      return null;
    }
  }

  static String componentRow(Class<?> c) {
    final Object o = build(c);
    if (o == null) {
      note(c, "no public no-arg constructor, or it throws");
      return null;
    }
    final String prefix;
    final String attributes;
    try {
      final ComponentI18nData data = ((AbstractConfigurable) o).getI18nData();
      final String p = data.getPrefix();
      prefix = p.isEmpty() ? "none" : p.endsWith(".") ? "name" : "=" + p;
      attributes = String.join(",", new TreeSet<>(data.getAttributeKeys()));
    }
    catch (Throwable t) {
      note(c, "getI18nData throws " + t);
      return null;
    }
    final String nameAttribute = nameAttribute(c);
    if (prefix.equals("name") && !nameAttribute.equals("-")) {
      checkPrefixFollowsName(c, nameAttribute);
    }
    return "component " + c.getSimpleName() + " " + prefix + " " + nameAttribute + " "
      + attributes;
  }

  /**
   * Warns when a component's prefix keeps the name it had when its i18n data was made (in its
   * constructor) instead of the name the module gives it: "name" does not describe its keys.
   */
  static void checkPrefixFollowsName(Class<?> c, String nameAttribute) {
    final String marker = "zqName" + nameAttribute + "q";
    final AbstractConfigurable a = (AbstractConfigurable) build(c);
    try {
      a.setAttribute(nameAttribute, marker);
    }
    catch (Throwable t) {
      // as in nameAttribute
    }
    try {
      final String p = a.getI18nData().getPrefix();
      if (!p.contains(marker)) {
        System.err.println("prefix of " + c.getName() + " does not follow its " + nameAttribute
          + ": it stays \"" + p + "\" (its i18n data is made in its constructor)");
      }
    }
    catch (Throwable t) {
      // reported by componentRow
    }
  }

  /** The attribute that sets the configure name, or "-". */
  static String nameAttribute(Class<?> c) {
    final String[] names;
    try {
      names = ((AbstractConfigurable) build(c)).getAttributeNames();
    }
    catch (Throwable t) {
      return "-";
    }
    for (final String attribute : names) {
      final String marker = "zqName" + attribute + "q";
      final AbstractConfigurable a = (AbstractConfigurable) build(c);
      try {
        a.setAttribute(attribute, marker);
      }
      catch (Throwable t) {
        // A setter may fail after it has set the name (a Map's, on its missing button).
      }
      try {
        final String name = a.getConfigureName();
        if (name != null && name.contains(marker)) {
          return attribute;
        }
      }
      catch (Throwable t) {
        // no name
      }
    }
    return "-";
  }

  static String marker(int field) {
    return "zq" + field + "q";
  }

  /** A comma list of colon lists, every part a marker of this field. */
  static String compound(int field) {
    final String m = marker(field);
    return m + "a:" + m + "b," + m + "c:" + m + "d";
  }

  static String traitRow(Class<?> c) {
    final String id;
    try {
      id = (String) c.getField("ID").get(null);
    }
    catch (Throwable t) {
      note(c, "no static ID");
      return null;
    }
    final String[] fields = new String[FIELDS];
    for (int i = 0; i < FIELDS; i++) {
      fields[i] = marker(i);
    }
    // Fields that take no marker, found by the exceptions naming them.
    final int[] tried = new int[FIELDS];
    final Set<Integer> notText = new HashSet<>();
    Probe probe = probe(c, id, fields);
    int last = -1;
    while (probe.error != null) {
      int bad = namedField(probe.error, fields);
      if (bad < 0) {
        // no marker named: the replacement just given does not do either
        bad = last;
      }
      last = bad;
      if (bad < 0 || tried[bad] == NOT_TEXT.length) {
        note(c, "cannot read a probe: " + probe.error);
        return null;
      }
      fields[bad] = NOT_TEXT[tried[bad]++];
      notText.add(bad);
      probe = probe(c, id, fields);
    }
    final List<String> shapes = new ArrayList<>();
    for (int i = 0; i < FIELDS; i++) {
      if (notText.contains(i)) {
        continue;
      }
      final String m = marker(i);
      fields[i] = compound(i);
      final Set<String> got = probe(c, id, fields).texts;
      fields[i] = m;
      final String shape;
      if (got.contains(compound(i))) {
        shape = "whole";
      }
      else if (got.contains(m + "a:" + m + "b") && got.contains(m + "c:" + m + "d")) {
        shape = "list";
      }
      else if (got.contains(m + "a") && got.contains(m + "c")) {
        shape = "heads";
      }
      else if (probe.texts.contains(m)) {
        System.err.println("trait " + id + " field " + i + ": translated, but how? " + got);
        shape = "whole";
      }
      else {
        continue;
      }
      shapes.add(i + ":" + shape);
    }
    return "trait " + id + " " + c.getSimpleName() + " "
      + (shapes.isEmpty() ? "-" : String.join(",", shapes));
  }

  /** The field whose marker an exception's message (or its cause's) names, or -1. */
  static int namedField(Throwable error, String[] fields) {
    for (Throwable t = error; t != null; t = t.getCause()) {
      final String message = String.valueOf(t.getMessage());
      for (int i = 0; i < fields.length; i++) {
        if (message.contains(marker(i))) {
          return i;
        }
      }
    }
    return -1;
  }

  /** What a trait translates, given a probe type, or the exception it throws. */
  static class Probe {
    Set<String> texts = new HashSet<>();
    Throwable error;
  }

  static Probe probe(Class<?> c, String id, String[] fields) {
    final Probe probe = new Probe();
    final SequenceEncoder se = new SequenceEncoder(';');
    for (final String f : fields) {
      se.append(f);
    }
    try {
      final TranslatablePiece p = (TranslatablePiece) c.getConstructor().newInstance();
      if (p instanceof Decorator) {
        ((Decorator) p).setInner(new BasicPiece());
      }
      p.mySetType(id + se.getValue());
      for (final PieceI18nData.Property prop : p.getI18nData().getProperties()) {
        probe.texts.add(prop.getName());
      }
    }
    catch (Throwable t) {
      probe.error = t instanceof InvocationTargetException ? t.getCause() : t;
    }
    return probe;
  }
}
