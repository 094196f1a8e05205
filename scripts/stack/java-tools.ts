import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { say, StackError } from './log.ts';
import { cacheDir, onPath, runWithProgress, type ToolOptions } from './tools.ts';

/** Java programs the tests run, resolved from Maven Central with their dependencies, the class each starts at and its JVM flags. */
export const javaTools = {
  // The PDF Association's reference validator: checks the interior against PDF/UA-1.
  verapdf: { artifact: 'org.verapdf.apps:greenfield-apps:1.28.2', main: 'org.verapdf.apps.GreenfieldCliWrapper', jvm: [] },
  // Temporal's time-skipping test server (the program @temporalio/testing would download as a native build of this
  // class), from the Java SDK release of our Temporal CLI's time (CLI 1.5.1, server 1.29.1). Quick to start rather than
  // quick to run: the SDK gives it 5 s to answer on its port.
  'temporal-test-server': {
    artifact: 'io.temporal:temporal-test-server:1.32.1',
    main: 'io.temporal.testserver.TestServer',
    jvm: ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Xss512k'],
  },
} as const;

export type JavaTool = keyof typeof javaTools;

const toolDir = (name: JavaTool) => join(cacheDir(), 'java', `${name}-${javaTools[name].artifact.split(':').at(-1)}`);

/** The file holding a Java tool's class path once resolved. */
export const javaClasspathFile = (name: JavaTool) => join(toolDir(name), 'classpath.txt');

/** An installed Java tool as one program (`<tool> <arguments>`), for what takes a path rather than a command line. */
export const javaToolLauncher = (name: JavaTool) => join(toolDir(name), 'bin', name);

/** The command line that runs an installed Java tool: `java <its flags> -cp <its jars> <main class>`. */
export function javaToolCommand(name: JavaTool): string[] {
  return ['java', ...javaTools[name].jvm, '-cp', readFileSync(javaClasspathFile(name), 'utf8').trim(), javaTools[name].main];
}

const shellQuoted = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/** Writes the tool's launcher: a shell script that execs its command line (so stopping the script stops Java). */
function writeLauncher(name: JavaTool): string {
  const launcher = javaToolLauncher(name);
  mkdirSync(join(launcher, '..'), { recursive: true });
  writeFileSync(`${launcher}.part`, `#!/bin/sh\nexec ${javaToolCommand(name).map(shellQuoted).join(' ')} "$@"\n`);
  chmodSync(`${launcher}.part`, 0o755);
  renameSync(`${launcher}.part`, launcher);
  return launcher;
}

/** Resolves a Java tool's jars with Maven (into ~/.m2) the first time, and writes its launcher; returns the file naming its class path. */
export async function ensureJavaTool(name: JavaTool, options: ToolOptions = {}): Promise<string> {
  const classpath = javaClasspathFile(name);
  if (existsSync(classpath)) {
    if (!existsSync(javaToolLauncher(name))) writeLauncher(name);
    return classpath;
  }
  if (!onPath('java') || !onPath('mvn')) throw new StackError(`Java and Maven are not installed: install a JDK (17 or newer) and Maven so ${name} can be fetched for the tests.`);
  const [groupId, artifactId, version] = javaTools[name].artifact.split(':');
  const dir = toolDir(name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'pom.xml'),
    `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
  <groupId>pressroom.tools</groupId><artifactId>${name}</artifactId><version>1</version><packaging>pom</packaging>
  <dependencies><dependency><groupId>${groupId}</groupId><artifactId>${artifactId}</artifactId><version>${version}</version></dependency></dependencies>
</project>\n`,
  );
  say(`fetching ${name} (${javaTools[name].artifact}) from Maven Central (first run on this machine only)…`);
  const resolved = await runWithProgress(`fetching ${name}`, 'mvn', ['-q', '-B', '-f', join(dir, 'pom.xml'), 'dependency:build-classpath', `-Dmdep.outputFile=${classpath}.part`], options);
  if (!resolved || !existsSync(`${classpath}.part`)) throw new StackError(`Fetching ${name} failed (mvn dependency:build-classpath in ${dir}); see the output above.`);
  // Written whole only once Maven is done, so an interrupted fetch is tried again.
  writeFileSync(classpath, readFileSync(`${classpath}.part`));
  writeLauncher(name);
  return classpath;
}
