// Imported first by server/main.ts, before anything loads React: React and React Router choose
// their development or production build from NODE_ENV when they are first imported, and the
// development build renders about half as fast. A server started without NODE_ENV is a
// production server (`npm start`); tests and `npm run dev` set it themselves.
process.env.NODE_ENV ??= "production";
