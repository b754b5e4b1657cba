// The libraries every screen runs on, evaluated on their own (entry.ts imports this first, then the
// app in a task of its own): evaluating all of the app's modules at once held the main thread in
// one long task.
import 'react';
import 'react-dom/client';
import 'react-router-dom';
import '@reduxjs/toolkit/query/react';
import 'styled-components';
import '@lingui/core';
