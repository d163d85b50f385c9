/** First step of `npm start`: builds when there is no build yet or a source file is newer than it. */
import { ensureBuild } from "../server/build-check";

if (process.env.NODE_ENV !== "development") ensureBuild();
