//! VASSAL BeanShell expressions as a small typed tree.
//!
//! Rule automation is generated as [`Expr`] values, which have two readings: [`Expr::to_beanshell`]
//! prints the `{…}` text written into the module, and [`Expr::eval`] evaluates the same tree in Rust
//! with VASSAL's value rules (a property made only of digits is an integer, everything else a string;
//! integer division truncates). Tests evaluate the tree against the independent Rust combat logic, so
//! what the module computes is checked without a Java engine.

use std::fmt::Write as _;

#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    Int(i64),
    Str(String),
    /// A property of the piece (or map, or module) evaluating the expression.
    Prop(String),
    Bin(Op, Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
    /// `c ? a : b`
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `s.contains(t)` (Java `String.contains`).
    Contains(Box<Expr>, Box<Expr>),
    /// `Sum("prop", "{filter}")`: the property summed over every piece, on every map, that matches.
    Sum(String, Box<Expr>),
    /// `Count("{filter}")`.
    Count(Box<Expr>),
    /// `Math.min(a, b)` / `Math.max(a, b)`.
    Min(Box<Expr>, Box<Expr>),
    Max(Box<Expr>, Box<Expr>),
    /// `SumStack("prop")`: the property summed over the evaluating piece's stack.
    SumStack(String),
    /// `SumStack("prop", "{filter}")`: only the pieces of the stack that match.
    SumStackWhere(String, Box<Expr>),
    /// `Range(OldX, OldY)`: hexes between the piece and where its last move started.
    RangeFromOld,
    /// `Random(n)`.
    Random(i64),
    /// `CountLocation("location", "map", "{filter}")`: the pieces of one named location (a region,
    /// a zone) of one map that match (VASSAL 3.7 `ExpressionInterpreter.countMapLocation`, which asks
    /// the IndexManager for the pieces whose `LocationName` is `location` on `map`).
    CountLocation {
        location: String,
        map: String,
        filter: Box<Expr>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
}

impl Op {
    fn symbol(self) -> &'static str {
        match self {
            Op::Add => "+",
            Op::Sub => "-",
            Op::Mul => "*",
            Op::Div => "/",
            Op::Rem => "%",
            Op::Eq => "==",
            Op::Ne => "!=",
            Op::Lt => "<",
            Op::Le => "<=",
            Op::Gt => ">",
            Op::Ge => ">=",
            Op::And => "&&",
            Op::Or => "||",
        }
    }
}

// Constructors that keep generator code readable.
pub fn int(v: i64) -> Expr {
    Expr::Int(v)
}
pub fn s(v: &str) -> Expr {
    Expr::Str(v.to_string())
}
pub fn prop(name: &str) -> Expr {
    Expr::Prop(name.to_string())
}
pub fn bin(op: Op, a: Expr, b: Expr) -> Expr {
    Expr::Bin(op, Box::new(a), Box::new(b))
}
pub fn cond(c: Expr, a: Expr, b: Expr) -> Expr {
    Expr::If(Box::new(c), Box::new(a), Box::new(b))
}
pub fn contains(a: Expr, b: Expr) -> Expr {
    Expr::Contains(Box::new(a), Box::new(b))
}
pub fn add(a: Expr, b: Expr) -> Expr {
    bin(Op::Add, a, b)
}
pub fn eq(a: Expr, b: Expr) -> Expr {
    bin(Op::Eq, a, b)
}
pub fn and(a: Expr, b: Expr) -> Expr {
    bin(Op::And, a, b)
}
/// Any of the terms (false when there are none).
pub fn any(terms: Vec<Expr>) -> Expr {
    terms
        .into_iter()
        .reduce(|a, b| bin(Op::Or, a, b))
        .unwrap_or(eq(int(0), int(1)))
}
/// String concatenation of the parts.
pub fn concat(parts: Vec<Expr>) -> Expr {
    parts.into_iter().reduce(add).unwrap_or(s(""))
}

impl Expr {
    /// The expression as VASSAL reads it, wrapped in braces.
    pub fn to_beanshell(&self) -> String {
        format!("{{{}}}", self.inner())
    }

    fn inner(&self) -> String {
        let mut out = String::new();
        self.write_at(&mut out, Precedence::Conditional);
        out
    }

    /// Write the expression where the syntax asks for at least `context`: parenthesised only when
    /// its own operator binds more loosely, as Java reads it. BeanShell's parser tries a cast at every
    /// `(` and backtracks, so its time doubles with each level of nesting (measured with VASSAL
    /// 3.7.26's parser: 14 ms at depth 8, 0.7 s at 13, minutes at 21); flat chains (`a * b * c`,
    /// `c1 ? x : c2 ? y : z`) parse in time linear in their length.
    fn write_at(&self, out: &mut String, context: Precedence) {
        let own = self.precedence();
        let wrap = own < context;
        if wrap {
            out.push('(');
        }
        self.write_bare(out);
        if wrap {
            out.push(')');
        }
    }

    /// How tightly the expression's outermost operator binds.
    fn precedence(&self) -> Precedence {
        match self {
            Expr::Bin(op, ..) => op.precedence(),
            Expr::If(..) => Precedence::Conditional,
            _ => Precedence::Primary,
        }
    }

    /// Write the expression without parentheses of its own.
    fn write_bare(&self, out: &mut String) {
        match self {
            Expr::Int(v) => {
                let _ = write!(out, "{v}");
            }
            Expr::Str(v) => write_java_string(out, v),
            Expr::Prop(name) => out.push_str(name),
            Expr::Bin(op, a, b) => {
                // Java's binary operators group to the left: the left operand may bind as loosely
                // as the operator itself, the right one must bind more tightly.
                let own = op.precedence();
                a.write_at(out, own);
                let _ = write!(out, " {} ", op.symbol());
                b.write_at(out, own.tighter());
            }
            Expr::If(c, a, b) => {
                // `c ? a : b` groups to the right, so a chain of them needs no parentheses.
                c.write_at(out, Precedence::Conditional.tighter());
                out.push_str(" ? ");
                a.write_at(out, Precedence::Conditional);
                out.push_str(" : ");
                b.write_at(out, Precedence::Conditional);
            }
            Expr::Not(a) => {
                out.push('!');
                a.write_at(out, Precedence::Primary);
            }
            Expr::Contains(a, b) => {
                // Concatenating with "" makes an integer-looking property a string first.
                out.push_str("(\"\" + ");
                a.write_at(out, Precedence::Additive.tighter());
                out.push_str(").contains(\"\" + ");
                b.write_at(out, Precedence::Additive.tighter());
                out.push(')');
            }
            Expr::Sum(p, filter) => {
                out.push_str("Sum(");
                write_java_string(out, p);
                out.push_str(", ");
                write_java_string(out, &filter.to_beanshell());
                out.push(')');
            }
            Expr::Count(filter) => {
                out.push_str("Count(");
                write_java_string(out, &filter.to_beanshell());
                out.push(')');
            }
            Expr::Min(a, b) | Expr::Max(a, b) => {
                out.push_str(if matches!(self, Expr::Min(..)) {
                    "Math.min("
                } else {
                    "Math.max("
                });
                a.write_at(out, Precedence::Conditional);
                out.push_str(", ");
                b.write_at(out, Precedence::Conditional);
                out.push(')');
            }
            Expr::SumStack(p) => {
                out.push_str("SumStack(");
                write_java_string(out, p);
                out.push(')');
            }
            Expr::SumStackWhere(p, filter) => {
                out.push_str("SumStack(");
                write_java_string(out, p);
                out.push_str(", ");
                write_java_string(out, &filter.to_beanshell());
                out.push(')');
            }
            Expr::CountLocation {
                location,
                map,
                filter,
            } => {
                out.push_str("CountLocation(");
                write_java_string(out, location);
                out.push_str(", ");
                write_java_string(out, map);
                out.push_str(", ");
                write_java_string(out, &filter.to_beanshell());
                out.push(')');
            }
            Expr::RangeFromOld => out.push_str("Range(OldX, OldY)"),
            Expr::Random(n) => {
                let _ = write!(out, "Random({n})");
            }
        }
    }
}

/// Java's operator precedence, loosest first (JLS 15), for the operators vmodc writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Precedence {
    Conditional,
    Or,
    And,
    Equality,
    Relational,
    Additive,
    Multiplicative,
    /// Literals, names, calls and anything already in parentheses.
    Primary,
}

impl Precedence {
    /// The next tighter level: what an operand must bind at to need no parentheses.
    fn tighter(self) -> Precedence {
        match self {
            Precedence::Conditional => Precedence::Or,
            Precedence::Or => Precedence::And,
            Precedence::And => Precedence::Equality,
            Precedence::Equality => Precedence::Relational,
            Precedence::Relational => Precedence::Additive,
            Precedence::Additive => Precedence::Multiplicative,
            Precedence::Multiplicative | Precedence::Primary => Precedence::Primary,
        }
    }
}

impl Op {
    fn precedence(self) -> Precedence {
        match self {
            Op::Or => Precedence::Or,
            Op::And => Precedence::And,
            Op::Eq | Op::Ne => Precedence::Equality,
            Op::Lt | Op::Le | Op::Gt | Op::Ge => Precedence::Relational,
            Op::Add | Op::Sub => Precedence::Additive,
            Op::Mul | Op::Div | Op::Rem => Precedence::Multiplicative,
        }
    }
}

fn write_java_string(out: &mut String, v: &str) {
    out.push('"');
    for c in v.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A value as BeanShell sees it inside one evaluation.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Int(i64),
    Str(String),
    Bool(bool),
}

impl Value {
    /// VASSAL turns property strings made only of digits (and a sign) into integers; with the module's
    /// `storeLeadingZeroIntegersAsStrings` option (which vmodc sets) `0203` stays a string.
    pub fn from_property(text: &str) -> Value {
        let digits = text.strip_prefix('-').unwrap_or(text);
        let leading_zero = digits.len() > 1 && digits.starts_with('0');
        match text.parse::<i64>() {
            Ok(v) if !leading_zero => Value::Int(v),
            _ => match text {
                "true" => Value::Bool(true),
                "false" => Value::Bool(false),
                _ => Value::Str(text.to_string()),
            },
        }
    }

    pub fn render(&self) -> String {
        match self {
            Value::Int(v) => v.to_string(),
            Value::Str(s) => s.clone(),
            Value::Bool(b) => b.to_string(),
        }
    }

    fn truthy(&self) -> Result<bool, EvalError> {
        match self {
            Value::Bool(b) => Ok(*b),
            other => Err(EvalError::NotBoolean(other.clone())),
        }
    }

    fn int(&self) -> Result<i64, EvalError> {
        match self {
            Value::Int(v) => Ok(*v),
            other => Err(EvalError::NotInteger(other.clone())),
        }
    }
}

/// Why an expression does not evaluate (where VASSAL's BeanShell would throw).
#[derive(Debug, Clone, PartialEq)]
pub enum EvalError {
    NotBoolean(Value),
    NotInteger(Value),
    /// `Sum`, `Count` and the like asked of an expression that is none of them.
    NotAggregate,
    DivisionByZero,
    /// A property the environment does not know.
    NoProperty(String),
}

impl std::fmt::Display for EvalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EvalError::NotBoolean(v) => write!(f, "not a boolean: {v:?}"),
            EvalError::NotInteger(v) => write!(f, "not an integer: {v:?}"),
            EvalError::NotAggregate => f.write_str("not an aggregate"),
            EvalError::DivisionByZero => f.write_str("division by zero"),
            EvalError::NoProperty(name) => write!(f, "no property {name}"),
        }
    }
}

/// The properties VASSAL gives every piece on a map: its location's name and its map's name
/// (`BasicPiece.LOCATION_NAME`, `BasicPiece.CURRENT_MAP`), what `CountLocation` selects by.
pub const LOCATION_NAME: &str = "LocationName";
pub const CURRENT_MAP: &str = "CurrentMap";

/// What an expression can see while it is evaluated.
pub trait Env {
    /// A property of the evaluating piece (falling back to map and module properties).
    fn prop(&self, name: &str) -> Result<Value, EvalError>;
    /// Every piece in the game, each as its own environment (for `Sum` and `Count`); none unless
    /// the environment models a game.
    fn pieces(&self) -> Vec<&dyn Env> {
        Vec::new()
    }
    /// The evaluating piece's stack; empty unless the environment models one.
    fn stack(&self) -> Vec<&dyn Env> {
        Vec::new()
    }
    /// How far the piece has moved from where it started (`Range_From_Old`); 0 unless modelled.
    fn range_from_old(&self) -> i64 {
        0
    }
    /// A roll of `random(n)`: 1, the lowest face, unless the environment sets one.
    fn random(&self, _n: i64) -> i64 {
        1
    }
}

impl Expr {
    pub fn eval(&self, env: &dyn Env) -> Result<Value, EvalError> {
        Ok(match self {
            Expr::Int(v) => Value::Int(*v),
            Expr::Str(v) => Value::Str(v.clone()),
            Expr::Prop(name) => env.prop(name)?,
            Expr::Not(a) => Value::Bool(!a.eval(env)?.truthy()?),
            Expr::If(c, a, b) => {
                if c.eval(env)?.truthy()? {
                    a.eval(env)?
                } else {
                    b.eval(env)?
                }
            }
            Expr::Contains(a, b) => {
                let (a, b) = (a.eval(env)?.render(), b.eval(env)?.render());
                Value::Bool(a.contains(&b))
            }
            Expr::Sum(..)
            | Expr::Count(..)
            | Expr::SumStack(..)
            | Expr::SumStackWhere(..)
            | Expr::CountLocation { .. } => self.eval_aggregate(env)?,
            Expr::Min(a, b) => Value::Int(a.eval(env)?.int()?.min(b.eval(env)?.int()?)),
            Expr::Max(a, b) => Value::Int(a.eval(env)?.int()?.max(b.eval(env)?.int()?)),
            Expr::RangeFromOld => Value::Int(env.range_from_old()),
            Expr::Random(n) => Value::Int(env.random(*n)),
            Expr::Bin(op, a, b) => eval_bin(*op, a.eval(env)?, b.eval(env)?)?,
        })
    }
}

impl Expr {
    /// `Sum`, `Count` and `SumStack` over the pieces the environment gives.
    fn eval_aggregate(&self, env: &dyn Env) -> Result<Value, EvalError> {
        Ok(match self {
            Expr::Sum(p, filter) => {
                let mut total = 0;
                for piece in env.pieces() {
                    if filter.eval(piece)?.truthy()? {
                        // VASSAL's Sum skips values that are not integers.
                        if let Value::Int(v) = piece.prop(p)? {
                            total += v;
                        }
                    }
                }
                Value::Int(total)
            }
            Expr::Count(filter) => {
                let mut n = 0;
                for piece in env.pieces() {
                    if filter.eval(piece)?.truthy()? {
                        n += 1;
                    }
                }
                Value::Int(n)
            }
            Expr::SumStack(p) => {
                let mut total = 0;
                for piece in env.stack() {
                    if let Value::Int(v) = piece.prop(p)? {
                        total += v;
                    }
                }
                Value::Int(total)
            }
            Expr::SumStackWhere(p, filter) => {
                let mut total = 0;
                for piece in env.stack() {
                    if filter.eval(piece)?.truthy()? {
                        if let Value::Int(v) = piece.prop(p)? {
                            total += v;
                        }
                    }
                }
                Value::Int(total)
            }
            Expr::CountLocation {
                location,
                map,
                filter,
            } => {
                let mut n = 0;
                for piece in env.pieces() {
                    let here = piece.prop(LOCATION_NAME)?.render() == *location
                        && piece.prop(CURRENT_MAP)?.render() == *map;
                    if here && filter.eval(piece)?.truthy()? {
                        n += 1;
                    }
                }
                Value::Int(n)
            }
            _ => return Err(EvalError::NotAggregate),
        })
    }
}

/// A binary operator applied to two values, with BeanShell's rules (`+` joins strings unless both
/// sides are integers; integer division truncates).
fn eval_bin(op: Op, x: Value, y: Value) -> Result<Value, EvalError> {
    Ok(match op {
        Op::And => Value::Bool(x.truthy()? && y.truthy()?),
        Op::Or => Value::Bool(x.truthy()? || y.truthy()?),
        Op::Eq => Value::Bool(x.render() == y.render()),
        Op::Ne => Value::Bool(x.render() != y.render()),
        Op::Add => match (&x, &y) {
            (Value::Int(i), Value::Int(j)) => Value::Int(i + j),
            _ => Value::Str(x.render() + &y.render()),
        },
        _ => {
            let (i, j) = (x.int()?, y.int()?);
            match op {
                Op::Sub => Value::Int(i - j),
                Op::Mul => Value::Int(i * j),
                Op::Div if j == 0 => return Err(EvalError::DivisionByZero),
                Op::Div => Value::Int(i / j),
                Op::Rem if j == 0 => return Err(EvalError::DivisionByZero),
                Op::Rem => Value::Int(i % j),
                Op::Lt => Value::Bool(i < j),
                Op::Le => Value::Bool(i <= j),
                Op::Gt => Value::Bool(i > j),
                Op::Ge => Value::Bool(i >= j),
                _ => unreachable_op(),
            }
        }
    })
}

fn unreachable_op() -> Value {
    Value::Bool(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Piece(Vec<(&'static str, &'static str)>);
    impl Env for Piece {
        fn prop(&self, name: &str) -> Result<Value, EvalError> {
            Ok(self
                .0
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| Value::from_property(v))
                .unwrap_or(Value::Str(String::new())))
        }
        fn pieces(&self) -> Vec<&dyn Env> {
            vec![self]
        }
        fn stack(&self) -> Vec<&dyn Env> {
            vec![self]
        }
        fn random(&self, _: i64) -> i64 {
            4
        }
    }

    #[test]
    fn prints_java_syntax() {
        let e = cond(
            contains(
                prop("Hexes_forest"),
                concat(vec![s(","), prop("LocationName"), s(",")]),
            ),
            s("Forest \"F\""),
            int(2),
        );
        assert_eq!(
            e.to_beanshell(),
            r#"{("" + Hexes_forest).contains("" + ("," + LocationName + ",")) ? "Forest \"F\"" : 2}"#
        );
    }

    #[test]
    fn evaluates_like_beanshell() {
        let p = Piece(vec![
            ("Strength", "12"),
            ("Type", "panzer"),
            ("Hexes", ",0101,0203,"),
        ]);
        let e = bin(Op::Div, prop("Strength"), int(5));
        assert_eq!(e.eval(&p), Ok(Value::Int(2)));
        let e = contains(prop("Hexes"), s(",0203,"));
        assert_eq!(e.eval(&p), Ok(Value::Bool(true)));
        let e = add(s("roll "), Expr::Random(6));
        assert_eq!(e.eval(&p), Ok(Value::Str("roll 4".into())));
        let sum = Expr::Sum("Strength".into(), Box::new(eq(prop("Type"), s("panzer"))));
        assert_eq!(sum.eval(&p), Ok(Value::Int(12)));
        assert_eq!(
            sum.to_beanshell(),
            r#"{Sum("Strength", "{Type == \"panzer\"}")}"#
        );
    }

    #[test]
    fn counts_the_matching_pieces_of_one_location() {
        let count = |location: &str, map: &str| Expr::CountLocation {
            location: location.into(),
            map: map.into(),
            filter: Box::new(eq(prop("Type"), s("panzer"))),
        };
        let p = Piece(vec![
            ("Type", "panzer"),
            ("LocationName", "Damage Track"),
            ("CurrentMap", "Turn Track"),
        ]);
        assert_eq!(
            count("Damage Track", "Turn Track").eval(&p),
            Ok(Value::Int(1))
        );
        assert_eq!(count("Damage Track", "Map").eval(&p), Ok(Value::Int(0)));
        assert_eq!(
            count("Morale Box", "Turn Track").eval(&p),
            Ok(Value::Int(0))
        );
        assert_eq!(
            count("Damage Track", "Turn Track").to_beanshell(),
            r#"{CountLocation("Damage Track", "Turn Track", "{Type == \"panzer\"}")}"#
        );
    }
}
