//! A piece as the module's expressions see it, for tests that evaluate those expressions
//! (vmodc::vassal::expression) against the Rust rule logic: plain properties (the module's global
//! properties among them) plus the calculated ones the combat steps read.

use std::collections::BTreeMap;
use vmodc::concept::combat::module::unit_properties;
use vmodc::concept::game::Game;
use vmodc::concept::modes::module::{strength_factor_expr, MODE_STRENGTH};
use vmodc::concept::module::props;
use vmodc::concept::weather::module::weather_expr;
use vmodc::vassal::expression::{Env, Value};

pub struct Piece<'a> {
    pub props: BTreeMap<String, String>,
    pub game: &'a Game,
    /// Every other piece of the game, for `Sum` and `Count` (which read the evaluating piece too,
    /// as VASSAL's do: a defender is one of the defenders its defence step sums).
    pub all: Vec<&'a Piece<'a>>,
}

impl Env for Piece<'_> {
    fn prop(&self, name: &str) -> Result<Value, vmodc::vassal::expression::EvalError> {
        if let Some(v) = self.props.get(name) {
            return Ok(Value::from_property(v));
        }
        match name {
            props::WEATHER => weather_expr(self.game).eval(self),
            // Every unit of a game shares the mode rule; the first one stands for any.
            MODE_STRENGTH => match self
                .game
                .counters
                .units
                .first()
                .and_then(|u| strength_factor_expr(self.game, u))
            {
                Some(factor) => factor.eval(self),
                None => Ok(Value::Str(String::new())),
            },
            _ => match unit_properties(self.game)
                .into_iter()
                .find(|(n, ..)| n == name)
            {
                Some((_, e, _)) => e.eval(self),
                None => Ok(Value::Str(String::new())),
            },
        }
    }
    fn pieces(&self) -> Vec<&dyn Env> {
        std::iter::once(self as &dyn Env)
            .chain(self.all.iter().map(|p| *p as &dyn Env))
            .collect()
    }
    fn stack(&self) -> Vec<&dyn Env> {
        vec![self]
    }
    fn random(&self, _: i64) -> i64 {
        0
    }
}

/// Plain properties and nothing else (no other pieces, no stack): for expressions that read only the
/// evaluating piece.
pub struct Props(pub BTreeMap<String, String>);

impl Env for Props {
    fn prop(&self, name: &str) -> Result<Value, vmodc::vassal::expression::EvalError> {
        Ok(self
            .0
            .get(name)
            .map_or(Value::Str(String::new()), |v| Value::from_property(v)))
    }
    fn random(&self, _: i64) -> i64 {
        0
    }
}

/// A piece's own properties and the pieces of its stack (for the markers a mode or state reads).
pub struct InStack(pub Props, pub Vec<Props>);

impl Env for InStack {
    fn prop(&self, name: &str) -> Result<Value, vmodc::vassal::expression::EvalError> {
        self.0.prop(name)
    }
    fn stack(&self) -> Vec<&dyn Env> {
        self.1.iter().map(|p| p as &dyn Env).collect()
    }
    fn random(&self, _: i64) -> i64 {
        0
    }
}
