import "react-router";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { mediaRouter } from "./media";

/**
 * The request handling that is bundled with the app build: everything that needs the app's own
 * modules (database, storage, auth) is mounted here so that it shares one copy of them.
 */
export const app = express.Router();

app.use(mediaRouter);

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
  }),
);

export { migrate, closeDatabase } from "~/utils/db.server";
