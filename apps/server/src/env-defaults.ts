// Imported first by main: a server started without NODE_ENV runs the production builds of React.
process.env.NODE_ENV ??= "production";
